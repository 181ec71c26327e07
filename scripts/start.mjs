#!/usr/bin/env node
// `npm start`: the mock server with the web app on it, on http://127.0.0.1:8080 (PORT changes it).
// Builds the web app first when its build is missing or older than its sources; serves the API alone
// (and says so) while there is no web app to build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const web = join(root, 'web');
const dist = join(web, 'dist');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const hasWebApp = existsSync(join(web, 'index.html'));
if (hasWebApp) {
  const built = existsSync(join(dist, 'index.html')) ? statSync(join(dist, 'index.html')).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(join(web, 'src')),
    newestMtime(join(web, 'index.html')),
    newestMtime(join(web, 'vite.config.ts')),
    newestMtime(join(root, 'contracts', 'src')),
  );
  // The build writes the production headers (CSP and the rest) beside the page; a build without them is stale.
  const headers = existsSync(join(dist, 'security-headers.json'));
  if (built < sources || !headers) {
    console.log('building the web app…');
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

const port = process.env.PORT ?? '8080';
const args = [
  join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
  join('mock-server', 'src', 'main.ts'),
  '--port',
  port,
  ...(hasWebApp ? ['--web', dist] : []),
];
// tsx's own CLI under this node, not `npx tsx`: npx (and the shell under it) do not pass a signal on, so
// stopping `npm start` by its process id left the mock server running on its port. tsx passes SIGINT and
// SIGTERM to the server.
const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
