import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

interface RunningMock {
  readonly url: string;
  close(): Promise<void>;
}

const dist = join(import.meta.dirname, '..', '..', 'web', 'dist');

/**
 * The suite's test. Each worker runs its own mock server (serving the web build) on a free loopback port, and
 * every test starts from a fresh world (POST /__mock/reset), so payments, saved cards and fines made by one
 * test never reach another, whatever the order or the worker.
 */
export const test = base.extend<
  {
    axe: (page: Page) => Promise<void>;
    freshWorld: undefined;
    allowCspViolations: boolean;
    cspGuard: undefined;
    failureScreenshots: undefined;
  },
  { mock: RunningMock }
>({
  mock: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const specifier = '@topup/mock-server/server';
      const { startMockServer } = (await import(specifier)) as {
        startMockServer: (options: Record<string, unknown>) => Promise<RunningMock>;
      };
      // Every test signs in from 127.0.0.1: the sign-in rate limit is lifted for the suite.
      const mock = await startMockServer({
        port: 0,
        host: '127.0.0.1',
        webRoot: dist,
        signInRateLimit: 100_000,
        logger: false,
      });
      await use(mock);
      await mock.close();
    },
    // Its own bound, not the first test's 30 s: a worker started after a failure imports and starts the whole
    // mock before its first test, half a minute on a busy machine (a hang still ends here).
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ mock }, use) => {
    await use(mock.url);
  },
  freshWorld: [
    async ({ mock }, use) => {
      const answer = await fetch(`${mock.url}/__mock/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-topup-control': '1' },
        body: '{}',
      });
      if (!answer.ok) throw new Error(`mock reset refused: ${answer.status}`);
      await use(undefined);
    },
    { auto: true },
  ],
  allowCspViolations: [false, { option: true }],
  // Every flow runs under the production CSP (issue 11): a violation, which Chromium logs to the console as
  // it reports it, fails the test unless the test is about one.
  cspGuard: [
    async ({ context, allowCspViolations }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(undefined);
      if (!allowCspViolations) expect(violations, 'CSP violations').toEqual([]);
    },
    { auto: true },
  ],
  // A failed test's pages as they were when it ended, as Playwright's `screenshot: 'only-on-failure'` keeps them,
  // without its shot of every page of every passing test (the config turns that off: it cost each test half a
  // second). Torn down before the context, so its pages are still open.
  failureScreenshots: [
    async ({ context }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      // Every open page, a context the test made itself included, as Playwright's own shots take.
      const pages = (context.browser()?.contexts() ?? [context]).flatMap((each) => each.pages());
      for (const [index, page] of pages.entries()) {
        const path = testInfo.outputPath(`test-failed-${index + 1}.png`);
        const shot = await page.screenshot({ path, timeout: 5_000, caret: 'initial' }).catch(() => undefined);
        // A page that crashed or hung has no picture; the test's error says what happened.
        if (shot !== undefined) await testInfo.attach('screenshot', { path, contentType: 'image/png' });
      }
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  axe: async ({}, use) => {
    await use(async (page) => {
      // The built page is painted first and is `data-starting` until the app takes it over (web/src/app/start.tsx):
      // axe audits the live page. (An open popup makes the live shell inert, ui/Modal.tsx: then the popup is
      // what is audited.)
      await page.waitForFunction(
        () =>
          document.getElementById('root')?.hasAttribute('data-starting') !== true ||
          document.querySelector('[aria-modal="true"]') !== null,
      );
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const summary = results.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      );
      expect(summary, 'axe-core violations').toEqual([]);
    });
  },
});

export { expect };

/**
 * A raw tap (page.mouse or page.touchscreen at a point) waits until the page takes taps again: for a moment
 * after a popup opens, taps are held (web/src/ui/tapHold.ts), and a raw tap does not wait as a locator's does.
 */
export async function tapsTaken(page: import('@playwright/test').Page): Promise<void> {
  await expect(page.locator('html')).not.toHaveAttribute('data-tap-hold');
}
