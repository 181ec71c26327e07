#!/usr/bin/env node
// `npm start`: the mock server with the web app on it, on http://127.0.0.1:8080 (PORT changes it).
// Builds the web app first when its build is missing or older than its sources; serves the API alone
// (and says so) while there is no web app to build.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

// Whatever stops `npm start`, nothing of it stays behind: SIGINT, SIGTERM or SIGHUP (to npm's process id or
// to this one) goes on to the child at work, the build or the mock server, and this script ends with it. npm
// runs this under `sh -c`, which passes no signal on: when npm or that shell is gone (this process is handed
// to another parent, or npm itself is gone), the same stop runs. The mock server also stops when this script's IPC channel closes,
// so even a SIGKILL here leaves no server on the port.
let child;
let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) process.exit(0);
  child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
const parent = process.ppid;
/** npm above its shell (Linux's /proc; elsewhere only the parent is watched). */
function npmAboveShell() {
  if (process.env.npm_lifecycle_event === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${parent}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return ppid > 1 ? ppid : undefined;
  } catch {
    return undefined;
  }
}
const npm = npmAboveShell();
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code !== 'ESRCH';
  }
};
setInterval(() => {
  if (process.ppid !== parent || (npm !== undefined && !alive(npm))) stop('SIGTERM');
}, 500).unref();

/** Runs `args` under this node, as the child at work; resolves with its exit code (1 when signalled). */
function run(args, options = {}) {
  child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', ...options });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
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
    // web's `build` script (vite build), run by vite's own CLI so that a stop reaches it (npm and its shell
    // would not pass it on).
    const status = await run([join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: web });
    if (status !== 0 || stopping) process.exit(stopping ? 0 : status);
  }
}

const port = process.env.PORT ?? '8080';
// The mock server in one process, tsx's loader imported by this node (not `npx tsx` and its relay process),
// with an IPC channel it watches: when this script is gone, however it was stopped, the server stops.
const status = await run(
  [
    '--import',
    'tsx',
    join('mock-server', 'src', 'main.ts'),
    '--port',
    port,
    ...(hasWebApp ? ['--web', dist] : []),
    ...process.argv.slice(2),
  ],
  { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] },
);
process.exit(stopping ? 0 : status);
