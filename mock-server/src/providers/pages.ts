/**
 * The simulator pages: small, self-contained HTML (no external resources), Arabic and right-to-left, usable
 * with a keyboard and a screen reader. Everything interpolated is escaped; the only script is inline, allowed
 * by its nonce in the page's Content-Security-Policy.
 */

import { escapeUTF8 } from 'entities';

export interface Page {
  readonly title: string;
  readonly body: string;
  /** Inline script, allowed by the nonce. */
  readonly script?: string;
}

/** JSON safe inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026');
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `script-src 'nonce-${nonce}'`,
    "form-action 'self'",
    // The app shows the challenge in a full-screen iframe of its own origin.
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ].join('; ');
}

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;min-height:100%;font-family:system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;background:#f4f5f7;color:#1b1d21}
main{max-width:480px;margin:0 auto;padding:24px 20px;min-height:100vh;display:flex;flex-direction:column;gap:16px}
h1{font-size:1.4rem;margin:0}
p{margin:0;line-height:1.6}
.card{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.ltr{direction:ltr;unicode-bidi:isolate;display:inline-block}
label{display:block;font-weight:600;margin-bottom:6px}
input{width:100%;font-size:1.1rem;padding:12px;border:1px solid #8a8f98;border-radius:8px}
button,.button{display:block;width:100%;font-size:1.05rem;padding:14px;border-radius:8px;border:0;margin-top:10px;cursor:pointer;text-align:center;text-decoration:none}
.primary{background:#1a56db;color:#fff}
.danger{background:#b42318;color:#fff}
.secondary{background:#e4e7ec;color:#1b1d21}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.hint{color:#4b5260;font-size:.9rem}
[role=status]{font-weight:600}
`;

export function renderPage(page: Page, nonce: string): string {
  const script = page.script === undefined ? '' : `<script nonce="${nonce}">${page.script}</script>`;
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeUTF8(page.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${page.body}
</main>
${script}
</body>
</html>`;
}

export const hidden = (name: string, value: string): string =>
  `<input type="hidden" name="${escapeUTF8(name)}" value="${escapeUTF8(value)}">`;

export const amountLine = (amount: number): string =>
  `<p>المبلغ: <span class="ltr" data-testid="amount">${escapeUTF8(amount.toFixed(2))} USD</span></p>`;

export function errorPage(message: string): Page {
  return {
    title: 'تعذّر فتح الصفحة',
    body: `<h1>تعذّر فتح الصفحة</h1><p role="alert" data-testid="provider-error">${escapeUTF8(message)}</p>`,
  };
}
