/** Types of scripts/browser.mjs, for the TypeScript that imports it (e2e/support/chromium.ts, the tests). */

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface BrowserDeps {
  env: Record<string, string | undefined>;
  platform: string;
  isRoot(): boolean;
  isExecutableFile(path: string): boolean;
  playwrightChromium(): string | undefined;
  run(
    command: string,
    args: string[],
    options?: { timeout?: number; env?: Record<string, string> },
  ): CommandResult;
  log(line: string): void;
}

export type BrowserLookup =
  | { ok: true; path: string; source: string; version: string; installed?: 'apt-get' | 'playwright' }
  | { ok: false; message: string };

export const BROWSER_VARIABLES: readonly string[];
export const SYSTEM_PATHS: Readonly<Record<string, readonly string[]>>;
export const HOW_TO_GET_ONE: string;
export const systemDeps: BrowserDeps;
export function locateChromium(deps?: BrowserDeps): BrowserLookup;
export function ensureChromium(deps?: BrowserDeps): BrowserLookup;
export const HEADLESS_SHELL_PATHS: Readonly<Record<string, readonly string[]>>;
export function locateTestBrowser(deps?: BrowserDeps): BrowserLookup;
export function ensureTestBrowser(deps?: BrowserDeps): BrowserLookup;
