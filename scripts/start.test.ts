import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

/**
 * Integration test: it runs `npm start` as a process and binds a loopback port (the server's; a probe finds a
 * free one), asking it until it answers or refuses (bounded by the test's timeout; nothing is timed).
 *
 * `npm start` on a fresh clone: no web build in the clone, and `npm start` builds the web app and serves it
 * with the mock API on one origin. The clone is of the committed tree (what a new user gets), with this
 * checkout's installed node_modules linked in for `npm install`.
 */
const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'topup-start-'));
const clone = join(dir, 'topup');
let server: ChildProcess | undefined;
let output = '';

async function stopGroup(child: ChildProcess | undefined): Promise<void> {
  if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // The whole group: npm start's node and the mock server under tsx.
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

afterAll(async () => {
  await stopGroup(server);
  rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts the clone's server on a free port, in a process group of its own, its output kept; its origin. */
async function start(command: string, args: readonly string[]): Promise<string> {
  const port = await freePort();
  output = '';
  server = spawn(command, args, {
    cwd: clone,
    env: { ...process.env, PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  return `http://127.0.0.1:${port}`;
}

/** Asks until the server answers (the build comes first); gives up when `npm start` exits. */
async function whenServing(url: string): Promise<Response> {
  for (;;) {
    if (server?.exitCode !== null) throw new Error(`npm start exited ${server?.exitCode}:\n${output}`);
    try {
      return await fetch(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 250));

/** Whether a process of the group `pgid` is left (signal 0 to the group: ESRCH when none is). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Stops what was started by a signal to ONE process id (npm's or start.mjs's, never the group), then asks
 * until no process of its group is left and the port refuses (within the test's bound).
 */
async function stopByPid(pid: number, origin: string): Promise<void> {
  const started = server;
  if (started?.pid === undefined) throw new Error('nothing started');
  const exited =
    started.exitCode === null ? new Promise((resolve) => started.once('exit', resolve)) : undefined;
  process.kill(pid, 'SIGTERM');
  await exited;
  while (groupAlive(started.pid)) await tick();
  for (;;) {
    const refused = await fetch(`${origin}/recharge-list`).then(
      () => false,
      () => true,
    );
    if (refused) break;
    await tick();
  }
}

it('builds the web app and serves it with the mock API; SIGTERM to npm alone stops all of it', {
  timeout: 300_000,
}, async () => {
  const cloned = spawnSync('git', ['clone', '--quiet', root, clone], { encoding: 'utf8' });
  expect(cloned.stderr).toBe('');
  expect(cloned.status).toBe(0);
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir');
  expect(existsSync(join(clone, 'web', 'index.html'))).toBe(true);
  expect(existsSync(join(clone, 'web', 'dist'))).toBe(false);

  const origin = await start('npm', ['start']);
  const page = await whenServing(`${origin}/recharge-list`);
  expect(output).toContain('building the web app');
  expect(existsSync(join(clone, 'web', 'dist', 'index.html'))).toBe(true);

  // The built page, as built: the same HTML as the build wrote for this route (each route is prerendered into
  // its own folder), in Arabic, right to left, with its script.
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toBe(readFileSync(join(clone, 'web', 'dist', 'recharge-list', 'index.html'), 'utf8'));
  expect(html).toMatch(/<html lang="ar" dir="rtl"[ >]/);
  // Every asset the page names is served: its stylesheet and its scripts.
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
  expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
  expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
  for (const asset of assets) {
    const served = await fetch(`${origin}${asset}`);
    expect(served.status, asset).toBe(200);
    expect(served.headers.get('content-type'), asset).toMatch(
      asset.endsWith('.js') ? /javascript/ : /text\/css/,
    );
    expect(await served.text(), asset).toBe(readFileSync(join(clone, 'web', 'dist', asset), 'utf8'));
  }

  // The mock API on the same origin.
  const openapi = await fetch(`${origin}/__mock/openapi.json`, { headers: { 'x-topup-control': '1' } });
  expect(openapi.status).toBe(200);
  expect((await openapi.json()) as { openapi?: string }).toMatchObject({
    openapi: expect.stringMatching(/^3\.1/),
  });

  // Stopped by its process id: npm's alone (it passes SIGTERM to its shell, which does not pass it on).
  const npm = server?.pid;
  if (npm === undefined) throw new Error('npm start has no process id');
  await stopByPid(npm, origin);
});

it('stopped by its process id alone, npm start stops the mock server and frees the port', {
  timeout: 120_000,
}, async () => {
  // The clone is built by the test above; this start serves it without building.
  await stopGroup(server);
  const origin = await start(process.execPath, [join(clone, 'scripts', 'start.mjs')]);
  expect((await whenServing(`${origin}/recharge-list`)).status).toBe(200);
  const pid = server?.pid;
  if (pid === undefined) throw new Error('npm start has no process id');
  await stopByPid(pid, origin);
  expect(output).not.toContain('building the web app');
});

it('stopped while it builds, nothing of it is left: no build, no server', { timeout: 120_000 }, async () => {
  await stopGroup(server);
  // A source newer than the build: this start builds first.
  const now = new Date();
  utimesSync(join(clone, 'web', 'src', 'main.tsx'), now, now);
  const origin = await start(process.execPath, [join(clone, 'scripts', 'start.mjs')]);
  while (!output.includes('building the web app')) {
    if (server?.exitCode !== null) throw new Error(`start.mjs exited ${server?.exitCode}:\n${output}`);
    await tick();
  }
  const pid = server?.pid;
  if (pid === undefined) throw new Error('npm start has no process id');
  await stopByPid(pid, origin);
  expect(output).not.toContain('mock listening on');
});
