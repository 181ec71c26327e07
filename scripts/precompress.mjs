import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const brotli = promisify(brotliCompress);

/** What a phone downloads as text: the pages, their scripts and style sheets. */
const TEXT = /\.(?:html|js|css)$/;
/** Below a packet, compression saves nothing a visitor feels. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli copy (`file.br`) beside every page, script and style sheet of a build, as a production
 * server sends them: the mock server serves those copies (`@fastify/static`'s `preCompressed`) to a browser
 * that accepts them, so the app on `npm start` and the bench download what a visitor downloads. Used by
 * web/vite.config.ts and the bench's bare page.
 */
export async function precompress(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && TEXT.test(e.name)).map((e) => join(e.parentPath, e.name));
  await Promise.all(
    files.map(async (file) => {
      const text = await readFile(file);
      if (text.byteLength < MIN_BYTES) return;
      const params = {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: text.byteLength,
      };
      await writeFile(`${file}.br`, await brotli(text, { params }));
    }),
  );
}
