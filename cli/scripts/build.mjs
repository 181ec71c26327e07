#!/usr/bin/env node
// Compiles `topup` to JavaScript: cli/src with the workspace's own TypeScript packages (@topup/contracts,
// @topup/mock-server) bundled into dist/, every npm package left to node_modules. Run by the cli workspace's
// `prepare` (so `npm ci` builds it) and by the tests' global set-up. Writes dist/inputs.json: the sources and
// their times, which bin/topup.mjs compares to know whether dist/ is older than the sources.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const repo = dirname(root);
const outdir = join(root, 'dist');

/** Bundles the workspace's own packages (they ship TypeScript), keeps every npm package external. */
const workspaceOnly = {
  name: 'workspace-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@topup/') ? undefined : { path: args.path, external: true },
    );
    // A source that finds files beside it (the scenarios folder, the repository root) keeps its own URL.
    b.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: 'ts',
    }));
  },
};

let build;
try {
  ({ build } = await import('esbuild'));
} catch {
  // An install without devDependencies: bin/topup.mjs runs the sources through tsx instead.
  console.warn('topup: esbuild is not installed, so topup runs its TypeScript sources (slower to start)');
  process.exit(0);
}

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
const result = await build({
  entryPoints: [join(root, 'src', 'main.ts')],
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outdir,
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [workspaceOnly],
});
const inputs = Object.keys(result.metafile.inputs).map((file) => {
  const path = join(process.cwd(), file);
  return { file: relative(repo, path), mtimeMs: Math.floor(statSync(path).mtimeMs) };
});
writeFileSync(join(outdir, 'inputs.json'), `${JSON.stringify({ repo, inputs })}\n`);
