import { describe, expect, it } from 'vitest';
import {
  type BrowserDeps,
  type BrowserLookup,
  ensureChromium,
  ensureTestBrowser,
  HOW_TO_GET_ONE,
  locateChromium,
  locateTestBrowser,
} from './browser.mjs';

/**
 * A substituted machine: which files exist and whether they run (`--version`), who runs the lookup, and what
 * each installer does. Records every command other than `--version` probes, and every line logged.
 */
type FileState = 'runs' | 'broken';
type InstallOutcome = 'installs' | 'fails' | 'installs nothing' | 'installs a broken browser';

interface Machine {
  env?: Record<string, string>;
  platform?: string;
  root?: boolean;
  aptGet?: boolean;
  files?: Record<string, FileState>;
  playwrightPath?: string;
  aptUpdate?: 'fails';
  apt?: InstallOutcome;
  /** What `apt-get install chromium-headless-shell` does. */
  aptShell?: InstallOutcome;
  playwright?: InstallOutcome;
}

const PW = '/home/me/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
const SHELL = '/usr/bin/chromium-headless-shell';

function machine(m: Machine) {
  const files = new Map<string, FileState>(Object.entries(m.files ?? {}));
  if (m.aptGet ?? true) files.set('/usr/bin/apt-get', 'runs');
  const commands: string[] = [];
  const logs: string[] = [];
  const install = (outcome: InstallOutcome | undefined, path: string, error: string) => {
    if (outcome === 'installs') files.set(path, 'runs');
    if (outcome === 'installs a broken browser') files.set(path, 'broken');
    if (outcome === 'fails' || outcome === undefined)
      return { status: 1, stdout: '', stderr: `${error}\n    at x` };
    return { status: 0, stdout: 'done', stderr: '' };
  };
  const deps: BrowserDeps = {
    env: m.env ?? {},
    platform: m.platform ?? 'linux',
    isRoot: () => m.root ?? false,
    isExecutableFile: (path) => files.has(path),
    playwrightChromium: () => m.playwrightPath,
    run: (command, args) => {
      if (args[0] === '--version') {
        return files.get(command) === 'runs'
          ? { status: 0, stdout: `Chromium 156.0 (${command})\n`, stderr: '' }
          : { status: 127, stdout: '', stderr: '/usr/lib/chromium/chromium: not found' };
      }
      commands.push([command, ...args].join(' '));
      if (command === '/usr/bin/apt-get' && args[0] === 'update')
        return m.aptUpdate === 'fails'
          ? {
              status: 100,
              stdout: '',
              stderr: 'W: Some index files failed\nE: Could not resolve deb.debian.org',
            }
          : { status: 0, stdout: '', stderr: '' };
      if (command === '/usr/bin/apt-get' && args.at(-1) === 'chromium-headless-shell')
        return install(m.aptShell, SHELL, 'E: Unable to locate package chromium-headless-shell');
      if (command === '/usr/bin/apt-get')
        return install(m.apt, '/usr/bin/chromium', 'E: Unable to locate package chromium');
      if (command === 'npx')
        return install(
          m.playwright,
          m.playwrightPath ?? PW,
          'Error: getaddrinfo ENOTFOUND cdn.playwright.dev',
        );
      throw new Error(`unexpected command ${command}`);
    },
    log: (line) => logs.push(line),
  };
  return { deps, commands, logs };
}

const APT = ['/usr/bin/apt-get update -qq', '/usr/bin/apt-get install -y -qq chromium'];
const PLAYWRIGHT = ['npx --no playwright install chromium'];

interface Row {
  name: string;
  machine: Machine;
  found?: { path: string; source: string; installed?: string };
  message?: RegExp;
  commands?: string[];
}

const lookups: Row[] = [
  {
    name: 'CHROMIUM_PATH wins over everything else',
    machine: {
      env: { CHROMIUM_PATH: '/opt/mine/chrome', PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH: '/opt/pw' },
      files: { '/opt/mine/chrome': 'runs', '/opt/pw': 'runs', [PW]: 'runs', '/usr/bin/chromium': 'runs' },
      playwrightPath: PW,
    },
    found: { path: '/opt/mine/chrome', source: 'CHROMIUM_PATH' },
  },
  {
    name: "Playwright's variable when CHROMIUM_PATH is not set",
    machine: {
      env: { PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH: '/opt/pw', CHROME_PATH: '/opt/chrome' },
      files: { '/opt/pw': 'runs', '/opt/chrome': 'runs', '/usr/bin/chromium': 'runs' },
    },
    found: { path: '/opt/pw', source: 'PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH' },
  },
  {
    name: "CHROME_PATH (chrome-launcher's variable)",
    machine: {
      env: { CHROME_PATH: '/opt/chrome' },
      files: { '/opt/chrome': 'runs', '/usr/bin/chromium': 'runs' },
    },
    found: { path: '/opt/chrome', source: 'CHROME_PATH' },
  },
  {
    name: 'an empty variable counts as not set',
    machine: { env: { CHROMIUM_PATH: '' }, files: { '/usr/bin/chromium': 'runs' } },
    found: { path: '/usr/bin/chromium', source: 'the system' },
  },
  {
    name: 'a variable naming a missing file is an error, not a reason to look elsewhere',
    machine: { env: { CHROMIUM_PATH: '/nowhere/chrome' }, files: { '/usr/bin/chromium': 'runs' } },
    message: /^CHROMIUM_PATH=\/nowhere\/chrome is not a browser that runs \(no executable file there\)/,
  },
  {
    name: 'a variable naming a file that does not run is an error',
    machine: {
      env: { CHROME_PATH: '/opt/chrome' },
      files: { '/opt/chrome': 'broken', '/usr/bin/chromium': 'runs' },
    },
    message: /^CHROME_PATH=\/opt\/chrome is not a browser that runs \(`--version` failed: .*not found\)/,
  },
  {
    name: "Playwright's installed Chromium before the system's",
    machine: { files: { [PW]: 'runs', '/usr/bin/chromium': 'runs' }, playwrightPath: PW },
    found: { path: PW, source: "Playwright's installed browsers" },
  },
  {
    name: "Playwright's Chromium not downloaded: the system's",
    machine: { files: { '/usr/bin/chromium': 'runs' }, playwrightPath: PW },
    found: { path: '/usr/bin/chromium', source: 'the system' },
  },
  {
    name: 'no playwright-core at all: the system',
    machine: { files: { '/usr/bin/chromium': 'runs' } },
    found: { path: '/usr/bin/chromium', source: 'the system' },
  },
  {
    name: "Debian's wrapper left behind without /usr/lib/chromium is skipped for Chrome",
    machine: { files: { '/usr/bin/chromium': 'broken', '/usr/bin/google-chrome': 'runs' } },
    found: { path: '/usr/bin/google-chrome', source: 'the system' },
  },
  {
    name: 'Ubuntu-style chromium-browser',
    machine: { files: { '/usr/bin/chromium-browser': 'runs' } },
    found: { path: '/usr/bin/chromium-browser', source: 'the system' },
  },
  {
    name: 'Chrome on macOS',
    machine: {
      platform: 'darwin',
      files: {
        '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome': 'runs',
        '/usr/bin/chromium': 'runs',
      },
    },
    found: { path: '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', source: 'the system' },
  },
  {
    name: "Linux paths mean nothing on Windows, Chrome's do",
    machine: {
      platform: 'win32',
      files: {
        '/usr/bin/chromium': 'runs',
        'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe': 'runs',
      },
    },
    found: { path: 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe', source: 'the system' },
  },
  {
    name: 'nothing anywhere',
    machine: { files: { '/usr/bin/chromium': 'broken' }, playwrightPath: PW },
    message: /^no Chromium or Chrome found: /,
  },
  {
    name: 'an unknown platform has no usual paths',
    machine: { platform: 'aix', files: { '/usr/bin/chromium': 'runs' } },
    message: /^no Chromium or Chrome found: /,
  },
];

function expectLookup(result: BrowserLookup, row: Row) {
  if (row.found) {
    expect(result).toMatchObject({ ok: true, ...row.found });
    if (result.ok) expect(result.version).toBe(`Chromium 156.0 (${row.found.path})`);
    if (!row.found.installed) expect(result).not.toHaveProperty('installed');
  } else {
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(row.message ?? /never/);
      // One line, ending with what to run.
      expect(result.message).not.toContain('\n');
      expect(result.message.endsWith(HOW_TO_GET_ONE)).toBe(true);
    }
  }
}

describe('locateChromium: the order of the lookup, without installing', () => {
  it.each(lookups)('$name', (row) => {
    const m = machine({ root: true, apt: 'installs', playwright: 'installs', ...row.machine });
    expectLookup(locateChromium(m.deps), row);
    expect(m.commands).toEqual([]);
    expect(m.logs).toEqual([]);
  });
});

const installs: Row[] = [
  {
    name: 'a browser already there: nothing is installed',
    machine: { root: true, files: { '/usr/bin/chromium': 'runs' }, apt: 'installs', playwright: 'installs' },
    found: { path: '/usr/bin/chromium', source: 'the system' },
    commands: [],
  },
  {
    name: "root on Debian: apt-get installs Debian's chromium",
    machine: { root: true, apt: 'installs', playwright: 'installs', playwrightPath: PW },
    found: { path: '/usr/bin/chromium', source: 'the system', installed: 'apt-get' },
    commands: APT,
  },
  {
    name: "root, apt-get fails (no such package, no mirror): Playwright's installer",
    machine: { root: true, apt: 'fails', playwright: 'installs', playwrightPath: PW },
    found: { path: PW, source: "Playwright's installed browsers", installed: 'playwright' },
    commands: [...APT, ...PLAYWRIGHT],
  },
  {
    name: "root, apt-get update cannot reach the mirror: no install attempt, Playwright's installer",
    machine: { root: true, aptUpdate: 'fails', apt: 'installs', playwright: 'installs', playwrightPath: PW },
    found: { path: PW, source: "Playwright's installed browsers", installed: 'playwright' },
    commands: [APT[0] ?? '', ...PLAYWRIGHT],
  },
  {
    name: 'root, apt-get update fails and no downloads: the line names the mirror',
    machine: { root: true, aptUpdate: 'fails', playwright: 'fails' },
    message:
      /^no Chromium or Chrome found and none could be installed \(apt-get failed: E: Could not resolve deb\.debian\.org; playwright install failed: Error: getaddrinfo ENOTFOUND cdn\.playwright\.dev\): /,
    commands: [APT[0] ?? '', ...PLAYWRIGHT],
  },
  {
    name: "root, apt-get installs a chromium that does not run: Playwright's installer",
    machine: { root: true, apt: 'installs a broken browser', playwright: 'installs', playwrightPath: PW },
    found: { path: PW, source: "Playwright's installed browsers", installed: 'playwright' },
    commands: [...APT, ...PLAYWRIGHT],
  },
  {
    name: "not root: no apt-get (it would ask for a password), Playwright's installer",
    machine: { root: false, apt: 'installs', playwright: 'installs', playwrightPath: PW },
    found: { path: PW, source: "Playwright's installed browsers", installed: 'playwright' },
    commands: PLAYWRIGHT,
  },
  {
    name: "root without apt-get (not Debian): Playwright's installer",
    machine: { root: true, aptGet: false, apt: 'installs', playwright: 'installs', playwrightPath: PW },
    found: { path: PW, source: "Playwright's installed browsers", installed: 'playwright' },
    commands: PLAYWRIGHT,
  },
  {
    name: "macOS: Playwright's installer only",
    machine: { platform: 'darwin', root: true, apt: 'installs', playwright: 'installs', playwrightPath: PW },
    found: { path: PW, source: "Playwright's installed browsers", installed: 'playwright' },
    commands: PLAYWRIGHT,
  },
  {
    name: 'not root and no downloads: one line saying what to run',
    machine: { root: false, playwright: 'fails', playwrightPath: PW },
    message:
      /^no Chromium or Chrome found and none could be installed \(playwright install failed: Error: getaddrinfo ENOTFOUND cdn\.playwright\.dev\): /,
    commands: PLAYWRIGHT,
  },
  {
    name: 'root, apt-get and downloads both fail: one line naming both',
    machine: { root: true, apt: 'fails', playwright: 'fails', playwrightPath: PW },
    message:
      /^no Chromium or Chrome found and none could be installed \(apt-get failed: E: Unable to locate package chromium; playwright install failed: Error: getaddrinfo ENOTFOUND cdn\.playwright\.dev\): /,
    commands: [...APT, ...PLAYWRIGHT],
  },
  {
    name: 'installers that succeed without leaving a browser that runs',
    machine: { root: true, apt: 'installs nothing', playwright: 'installs nothing', playwrightPath: PW },
    message:
      /^no Chromium or Chrome found and none could be installed \(apt-get installed no working chromium; playwright install gave no working browser\): /,
    commands: [...APT, ...PLAYWRIGHT],
  },
  {
    name: 'a broken explicit variable installs nothing: the person asked for that browser',
    machine: { root: true, env: { CHROMIUM_PATH: '/nowhere' }, apt: 'installs', playwright: 'installs' },
    message: /^CHROMIUM_PATH=\/nowhere is not a browser that runs/,
    commands: [],
  },
];

describe('ensureChromium: installs where nothing is found and the machine can without asking', () => {
  it.each(installs)('$name', (row) => {
    const m = machine(row.machine);
    expectLookup(ensureChromium(m.deps), row);
    expect(m.commands).toEqual(row.commands);
    const aptTried = m.commands.includes(APT[0] ?? '');
    const expected = [
      ...(aptTried ? ["no Chromium found: installing Debian's chromium with apt-get (running as root)"] : []),
      ...(m.commands.includes(PLAYWRIGHT[0] ?? '')
        ? [
            `${aptTried ? 'apt-get gave no Chromium' : 'no Chromium found'}: installing Playwright's Chromium (npx playwright install chromium)`,
          ]
        : []),
    ];
    expect(m.logs).toEqual(expected);
  });

  it('runs apt-get without questions', () => {
    const m = machine({ root: true, apt: 'installs' });
    const seen: (Record<string, string> | undefined)[] = [];
    const run = m.deps.run;
    ensureChromium({
      ...m.deps,
      run: (command, args, options) => {
        if (command === '/usr/bin/apt-get') seen.push(options?.env);
        return run(command, args, options);
      },
    });
    expect(seen).toEqual([{ DEBIAN_FRONTEND: 'noninteractive' }, { DEBIAN_FRONTEND: 'noninteractive' }]);
  });
});

const SHELL_APT = ['/usr/bin/apt-get update -qq', '/usr/bin/apt-get install -y -qq chromium-headless-shell'];
const SHELL_LOG =
  "no headless shell found: installing Debian's chromium-headless-shell with apt-get (running as root)";

/** The tests' browser: the headless shell where there is one or apt-get gives one, else the full browser. */
const testBrowsers: (Row & { logs: string[]; located?: Row['found'] })[] = [
  {
    name: 'the headless shell before the full browser',
    machine: { root: true, files: { [SHELL]: 'runs', '/usr/bin/chromium': 'runs' } },
    found: { path: SHELL, source: 'the system' },
    commands: [],
    logs: [],
  },
  {
    name: 'an explicit variable wins over the headless shell, and nothing is installed',
    machine: {
      root: true,
      env: { CHROMIUM_PATH: '/usr/bin/chromium' },
      files: { [SHELL]: 'runs', '/usr/bin/chromium': 'runs' },
      aptShell: 'installs',
    },
    found: { path: '/usr/bin/chromium', source: 'CHROMIUM_PATH' },
    commands: [],
    logs: [],
  },
  {
    name: 'root on Debian with the full browser only: apt-get adds the headless shell',
    machine: { root: true, files: { '/usr/bin/chromium': 'runs' }, aptShell: 'installs' },
    found: { path: SHELL, source: 'the system', installed: 'apt-get' },
    located: { path: '/usr/bin/chromium', source: 'the system' },
    commands: SHELL_APT,
    logs: [SHELL_LOG],
  },
  {
    name: 'a headless shell that does not run is passed over',
    machine: { root: false, files: { [SHELL]: 'broken', '/usr/bin/chromium': 'runs' } },
    found: { path: '/usr/bin/chromium', source: 'the system' },
    commands: [],
    logs: [],
  },
  {
    name: 'apt-get has no headless shell: the full browser already there, said in one line',
    machine: { root: true, files: { '/usr/bin/chromium': 'runs' }, aptShell: 'fails' },
    found: { path: '/usr/bin/chromium', source: 'the system' },
    commands: SHELL_APT,
    logs: [
      SHELL_LOG,
      'apt-get gave no headless shell (E: Unable to locate package chromium-headless-shell): the tests use the full browser',
    ],
  },
  {
    name: 'not root: no apt-get, the full browser',
    machine: { root: false, files: { '/usr/bin/chromium': 'runs' }, aptShell: 'installs' },
    found: { path: '/usr/bin/chromium', source: 'the system' },
    commands: [],
    logs: [],
  },
  {
    name: 'nothing at all, apt-get has only the full browser: it is installed as before',
    machine: { root: true, aptShell: 'fails', apt: 'installs' },
    found: { path: '/usr/bin/chromium', source: 'the system', installed: 'apt-get' },
    located: undefined,
    commands: [...SHELL_APT, ...APT],
    logs: [
      SHELL_LOG,
      'apt-get gave no headless shell (E: Unable to locate package chromium-headless-shell): the tests use the full browser',
      "no Chromium found: installing Debian's chromium with apt-get (running as root)",
    ],
  },
];

describe('ensureTestBrowser: the headless shell for the e2e suite', () => {
  it.each(testBrowsers)('$name', (row) => {
    const m = machine(row.machine);
    expectLookup(ensureTestBrowser(m.deps), row);
    expect(m.commands).toEqual(row.commands);
    expect(m.logs).toEqual(row.logs);
  });

  it.each(testBrowsers)('locateTestBrowser installs nothing: $name', (row) => {
    const m = machine(row.machine);
    const located = 'located' in row ? row.located : row.found;
    const result = locateTestBrowser(m.deps);
    if (located) expectLookup(result, { ...row, found: located });
    else expect(result.ok).toBe(false);
    expect(m.commands).toEqual([]);
    expect(m.logs).toEqual([]);
  });
});
