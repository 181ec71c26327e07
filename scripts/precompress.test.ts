import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { precompress } from './precompress.mjs';

const dir = mkdtempSync(join(tmpdir(), 'topup-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it.each([
  ['index.html', 2000, true],
  ['assets/app-Ab12.js', 5000, true],
  ['assets/index-Ab12.css', 1024, true],
  ['assets/tiny-Ab12.js', 1023, false],
  ['assets/logo-Ab12.png', 5000, false],
  ['security-headers.json', 5000, false],
])('%s (%i bytes): a Brotli copy beside it is %s', async (name, bytes, copied) => {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  const text = 'x'.repeat(bytes);
  writeFileSync(join(dir, name), text);
  await precompress(dir);
  expect(existsSync(join(dir, `${name}.br`))).toBe(copied);
  if (copied) expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`))).toString()).toBe(text);
});
