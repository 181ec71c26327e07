#!/usr/bin/env node
// Finds the Chromium that the end-to-end tests and the benchmarks drive, and installs one where the machine
// has none and can get one without asking, in the order README's "Set-up" gives; the end-to-end tests prefer
// Chromium's headless shell, the Lighthouse bench keeps the full browser (the one a visitor has). An explicit
// variable that is broken is an error rather than a reason to look elsewhere.
// A candidate counts only when it runs: `<path> --version` exits 0 (Debian's /usr/bin/chromium is a wrapper
// script that is left behind when /usr/lib/chromium is gone).
//
//   node scripts/browser.mjs [--tests] [--no-install]   prints the (tests') browser's path; exit 1 with one line
//                                                      when none
//
// Everything the lookup touches (environment, files, commands, user) comes in through `deps`, so the unit
// tests substitute all of it.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The variables that name a browser explicitly, in the order they are read. */
export const BROWSER_VARIABLES = ['CHROMIUM_PATH', 'PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH', 'CHROME_PATH'];

/** Where a system Chromium or Chrome usually lives, per platform, in the order they are tried. */
export const SYSTEM_PATHS = {
  linux: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/lib/chromium/chromium',
    '/usr/bin/google-chrome-stable',
    '/usr/bin/google-chrome',
    '/opt/google/chrome/chrome',
    '/snap/bin/chromium',
  ],
  darwin: [
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files\\Chromium\\Application\\chrome.exe',
  ],
};

/** What a person runs to get a browser; the last words of every "no browser" line. */
export const HOW_TO_GET_ONE =
  'run `sudo apt-get install -y chromium` (Debian) or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome binary';

/** Where Chromium's headless shell lives, per platform (Debian's `chromium-headless-shell` package). */
export const HEADLESS_SHELL_PATHS = { linux: ['/usr/bin/chromium-headless-shell'] };

const APT_GET = '/usr/bin/apt-get';
const PLAYWRIGHT_INSTALL = ['--no', 'playwright', 'install', 'chromium'];

function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false;
    if (process.platform !== 'win32') accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where Playwright keeps (or would keep) its own Chromium; undefined when playwright-core is not installed. */
function playwrightChromium() {
  try {
    const require = createRequire(join(root, 'package.json'));
    const { chromium } = require('playwright-core');
    return chromium.executablePath() || undefined;
  } catch {
    return undefined;
  }
}

function runCommand(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    encoding: 'utf8',
    timeout: options.timeout ?? 10 * 60_000,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return {
    status: result.error ? null : result.status,
    stdout: result.stdout ?? '',
    stderr: result.error ? String(result.error.message) : (result.stderr ?? ''),
  };
}

/** The real machine. */
export const systemDeps = {
  env: process.env,
  platform: process.platform,
  isRoot: () => typeof process.getuid === 'function' && process.getuid() === 0,
  isExecutableFile,
  playwrightChromium,
  run: runCommand,
  // Progress goes to stderr: the CLI's stdout is the browser's path alone.
  log: (line) => console.error(line),
};

function lines(text) {
  return (
    String(text)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colours in a command's output
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
  );
}

function lastLine(text) {
  return lines(text).at(-1) ?? '';
}

/** The line of a failed command's output that says why: its first error line, else its last line. */
function why(out) {
  const all = lines(`${out.stderr}\n${out.stdout}`);
  return all.find((l) => /^(E:|Error:|error:)/.test(l)) ?? all.at(-1) ?? `exit ${out.status}`;
}

/** Runs `<path> --version`; the version line when the browser runs, otherwise undefined and why. */
function probe(deps, path) {
  if (!deps.isExecutableFile(path)) return { why: 'no executable file there' };
  const out = deps.run(path, ['--version'], { timeout: 30_000 });
  if (out.status !== 0) return { why: `\`--version\` failed: ${why(out)}` };
  return { version: lastLine(out.stdout) };
}

/**
 * Looks for a working browser without installing anything.
 * @returns {{ ok: true, path: string, source: string, version: string } | { ok: false, message: string }}
 */
export function locateChromium(deps = systemDeps) {
  for (const name of BROWSER_VARIABLES) {
    const value = deps.env[name];
    if (value === undefined || value === '') continue;
    const found = probe(deps, value);
    if (found.version !== undefined) return { ok: true, path: value, source: name, version: found.version };
    return {
      ok: false,
      message: `${name}=${value} is not a browser that runs (${found.why}): ${HOW_TO_GET_ONE}`,
    };
  }
  const candidates = [];
  const fromPlaywright = deps.playwrightChromium();
  if (fromPlaywright) candidates.push([fromPlaywright, "Playwright's installed browsers"]);
  for (const path of SYSTEM_PATHS[deps.platform] ?? []) candidates.push([path, 'the system']);
  for (const [path, source] of candidates) {
    const found = probe(deps, path);
    if (found.version !== undefined) return { ok: true, path, source, version: found.version };
  }
  return { ok: false, message: `no Chromium or Chrome found: ${HOW_TO_GET_ONE}` };
}

/** apt-get can install without asking anyone: Debian (or the like), as root. */
function canApt(deps) {
  return deps.platform === 'linux' && deps.isRoot() && deps.isExecutableFile(APT_GET);
}

/** `apt-get update` then `apt-get install` of one package, without questions; the failed step's output. */
function aptInstall(deps, name) {
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const update = deps.run(APT_GET, ['update', '-qq'], { env });
  return update.status === 0 ? deps.run(APT_GET, ['install', '-y', '-qq', name], { env }) : update;
}

/** The headless shell on this platform's usual path, when it runs. */
function locateHeadlessShell(deps) {
  for (const path of HEADLESS_SHELL_PATHS[deps.platform] ?? []) {
    const found = probe(deps, path);
    if (found.version !== undefined) return { ok: true, path, source: 'the system', version: found.version };
  }
  return undefined;
}

/**
 * The tests' browser without installing anything: an explicit variable, else the headless shell, else
 * locateChromium's browser.
 * @returns {{ ok: true, path: string, source: string, version: string } | { ok: false, message: string }}
 */
export function locateTestBrowser(deps = systemDeps) {
  if (BROWSER_VARIABLES.some((name) => deps.env[name])) return locateChromium(deps);
  return locateHeadlessShell(deps) ?? locateChromium(deps);
}

/**
 * locateTestBrowser, and where it finds no headless shell, installs Debian's as root (one line says so); when
 * that gives none, ensureChromium's browser (the shell runs the suite faster than the full browser).
 * @returns {{ ok: true, path: string, source: string, version: string, installed?: string } | { ok: false, message: string }}
 */
export function ensureTestBrowser(deps = systemDeps) {
  if (BROWSER_VARIABLES.some((name) => deps.env[name])) return locateChromium(deps);
  const shell = locateHeadlessShell(deps);
  if (shell) return shell;
  if (canApt(deps)) {
    deps.log(
      "no headless shell found: installing Debian's chromium-headless-shell with apt-get (running as root)",
    );
    const install = aptInstall(deps, 'chromium-headless-shell');
    const after = locateHeadlessShell(deps);
    if (after) return { ...after, installed: 'apt-get' };
    deps.log(
      `apt-get gave no headless shell (${install.status === 0 ? 'it installed none that runs' : why(install)}): the tests use the full browser`,
    );
  }
  return ensureChromium(deps);
}

/**
 * locateChromium, and where nothing is found, installs a browser by the platform's ordinary means that need
 * no answer from anyone: Debian's chromium through apt-get as root, then Playwright's installer. Says in one
 * line what it is doing; the installers' own output is kept out of the log unless they fail.
 * @returns {{ ok: true, path: string, source: string, version: string, installed?: string } | { ok: false, message: string }}
 */
export function ensureChromium(deps = systemDeps) {
  const first = locateChromium(deps);
  if (first.ok) return first;
  if (BROWSER_VARIABLES.some((name) => deps.env[name])) return first;

  const tried = [];
  if (canApt(deps)) {
    deps.log("no Chromium found: installing Debian's chromium with apt-get (running as root)");
    const install = aptInstall(deps, 'chromium');
    const after = locateChromium(deps);
    if (after.ok) return { ...after, installed: 'apt-get' };
    tried.push(
      `apt-get ${install.status === 0 ? 'installed no working chromium' : `failed: ${why(install)}`}`,
    );
  }

  deps.log(
    `${tried.length > 0 ? 'apt-get gave no Chromium' : 'no Chromium found'}: installing Playwright's Chromium (npx playwright install chromium)`,
  );
  const download = deps.run('npx', PLAYWRIGHT_INSTALL, {});
  const after = locateChromium(deps);
  if (after.ok) return { ...after, installed: 'playwright' };
  tried.push(
    `playwright install ${download.status === 0 ? 'gave no working browser' : `failed: ${why(download)}`}`,
  );
  return {
    ok: false,
    message: `no Chromium or Chrome found and none could be installed (${tried.join('; ')}): ${HOW_TO_GET_ONE}`,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const tests = process.argv.includes('--tests');
  const result = process.argv.includes('--no-install')
    ? (tests ? locateTestBrowser : locateChromium)()
    : (tests ? ensureTestBrowser : ensureChromium)();
  if (!result.ok) {
    console.error(result.message);
    process.exit(1);
  }
  console.log(result.path);
}
