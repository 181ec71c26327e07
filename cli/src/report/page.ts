/** The shell of every HTML page the CLI writes; `title` and `body` come escaped. */
export const htmlPage = (title: string, style: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>${style}</style></head>
<body>${body}</body></html>
`;
