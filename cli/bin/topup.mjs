#!/usr/bin/env node
// Runs the compiled CLI (dist/, built by the cli workspace's `prepare` on npm install or npm ci, and by
// `npm run build -w cli`). When dist/ is missing or older than a source it was built from (an edit since the
// last build), the TypeScript sources run through tsx instead, so `topup` never runs stale code.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { distIsCurrent } from './dist.mjs';

const cli = dirname(dirname(fileURLToPath(import.meta.url)));

if (distIsCurrent(cli)) {
  await import(pathToFileURL(join(cli, 'dist', 'main.js')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
