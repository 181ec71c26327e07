import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Integration test: it runs the repo's entry points as processes (no port).
 *
 * Every way in that needs the browser, given one that cannot be had (an explicit CHROMIUM_PATH that does not
 * run, which is never looked past and never installed over): each stops with exit 1 and one line saying what
 * to run, before anything else runs. And given a browser that runs, the lookup answers with it.
 */
const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'topup-browser-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function executable(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

const working = executable('chrome', 'echo "Chromium 999.0.0.0 test double"');
const broken = executable('broken-chrome', 'echo "/usr/lib/chromium/chromium: not found" >&2; exit 127');

/**
 * Runs a command in its own process group and ends the whole group when it has not exited within the limit:
 * were one of these to stop stopping early, it would otherwise go on to run suites or benchmarks.
 */
async function run(command: string, args: string[], chromium: string) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    CHROMIUM_PATH: chromium,
    TEST_REPORTS_DIR: join(dir, 'reports'),
  };
  delete env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  delete env.CHROME_PATH;
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const limit = setTimeout(() => {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  }, 80_000);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(limit);
  const lines = (text: string) =>
    text
      .split('\n')
      .filter((l) => l.trim() !== '')
      // npm's own complaints about the machine's npmrc are not ours.
      .filter((l) => !l.startsWith('npm warn'));
  return { status, stdout: lines(stdout), stderr: lines(stderr) };
}

const stop = (path: string) =>
  new RegExp(
    `^CHROMIUM_PATH=${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not a browser that runs .*: run \`sudo apt-get install -y chromium\` \\(Debian\\) or \`npx playwright install chromium\`, or set CHROMIUM_PATH to a Chromium or Chrome binary$`,
  );

describe('scripts/browser.mjs on its own', { timeout: 90_000 }, () => {
  it('prints the path of a browser that runs', async () => {
    const out = await run('node', ['scripts/browser.mjs'], working);
    expect(out).toEqual({ status: 0, stdout: [working], stderr: [] });
  });

  it('stops with one line when the named browser does not run', async () => {
    const out = await run('node', ['scripts/browser.mjs', '--no-install'], broken);
    expect(out.status).toBe(1);
    expect(out.stdout).toEqual([]);
    expect(out.stderr).toHaveLength(1);
    expect(out.stderr[0]).toMatch(stop(broken));
    expect(out.stderr[0]).toContain('`--version` failed: /usr/lib/chromium/chromium: not found');
  });
});

describe.each([
  // Were it not to stop, this Vitest run would be one small file, not this suite all over again.
  ['npm test', 'node', ['scripts/test-all.mjs', 'scripts/browser.test.ts']],
  ['npm run bench', 'node', ['scripts/bench.mjs']],
])('%s without a browser', (_name, command, args) => {
  it('stops before any runner with exit 1 and one line saying what to run', { timeout: 90_000 }, async () => {
    const missing = join(dir, 'no-such-chrome');
    const out = await run(command, args, missing);
    expect(out.status).toBe(1);
    // Nothing started: no runner's banner, no summary of tests that were never run.
    expect(out.stdout).toEqual([]);
    expect(out.stderr).toHaveLength(1);
    expect(out.stderr[0]).toMatch(stop(missing));
  });
});

describe('the Playwright config', { timeout: 90_000 }, () => {
  it('run on its own without a browser, loads no test and says in one line what to run', async () => {
    const out = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--list'], broken);
    expect(out.status).toBe(1);
    expect([...out.stdout, ...out.stderr].join('\n')).not.toMatch(/Total: \d+ tests?/);
    const said = [...out.stdout, ...out.stderr].filter((l) => l.includes('is not a browser that runs'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('`npx playwright install chromium`');
  });

  it('with a browser, lists the tests of every project against it', async () => {
    const out = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--list'], working);
    expect(out.status).toBe(0);
    expect(out.stdout.at(-1)).toMatch(/^Total: [1-9]\d* tests? in \d+ files?$/);
    expect(out.stdout.some((l) => l.includes('[mobile]'))).toBe(true);
    expect(out.stdout.some((l) => l.includes('[desktop]'))).toBe(true);
  });
});
