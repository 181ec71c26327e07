import type { Browser, Page } from '@playwright/test';
import { type Build, type Line, packagesOf } from './payBuild';

/**
 * Target (a) of the pay bench: no provider SDK among the scripts /recharge-list loads until the network is
 * idle (fresh and signed in), none statically reachable from the entry, and a self-check that one is caught.
 */

/** A script from a provider's own host (a CDN-loaded SDK). */
const SDK_HOST = /(?:^|\.)(?:checkout\.com|adyen\.com|adyenpayments\.com)$/;

interface LoadedScript {
  readonly url: string;
  readonly label: string;
  readonly sdk: boolean;
}

function classify(url: string, origin: string, built: Build): LoadedScript {
  const parsed = new URL(url);
  if (parsed.origin !== origin) {
    const sdk = SDK_HOST.test(parsed.hostname);
    return { url, label: `${url} (${sdk ? 'provider SDK host' : 'third party'})`, sdk };
  }
  const known = built.kinds.get(parsed.pathname);
  if (known === undefined)
    return { url, label: `${parsed.pathname} (inline or not in the build)`, sdk: false };
  if (known.kind === 'sdk')
    return { url, label: `${parsed.pathname} (PROVIDER SDK: ${packagesOf(known.sdkSources)})`, sdk: true };
  return {
    url,
    label: `${parsed.pathname}${known.kind === 'adapter' ? ' (provider adapter)' : ''}`,
    sdk: false,
  };
}

/** The scripts a page requests from now on (module scripts, dynamic imports and module preloads). */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js'))
      scripts.push(request.url());
  });
  return scripts;
}

async function firstLoadScripts(page: Page, url: string): Promise<string[]> {
  const scripts = watchScripts(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  return [...new Set(scripts)];
}

export async function checkFirstLoad(browser: Browser, origin: string, built: Build): Promise<Line[]> {
  const lines: Line[] = [];
  const sdkInEntry = [...built.staticFromEntry].filter((file) => built.kinds.get(file)?.kind === 'sdk');
  lines.push([
    'build manifest: no provider SDK chunk statically imported by the entry',
    sdkInEntry.length === 0
      ? `${built.staticFromEntry.size} chunks reachable, none an SDK`
      : sdkInEntry.join(', '),
    sdkInEntry.length === 0,
  ]);
  const sdkChunks = [...built.kinds].filter(([, k]) => k.kind === 'sdk');
  console.log(
    `  SDK chunks in the build (loaded only on demand): ${sdkChunks.map(([file, k]) => `${file} (${packagesOf(k.sdkSources)})`).join(', ') || 'none'}`,
  );

  const context = await browser.newContext();
  try {
    const loads: [string, string][] = [
      ['fresh visitor', `${origin}/recharge-list`],
      ['signing in (session_key in the URL)', `${origin}/recharge-list?session_key=sk-10000001`],
      ['signed in (session from storage)', `${origin}/recharge-list`],
    ];
    for (const [name, url] of loads) {
      // The first load is fresh: a new context; the signed-in loads share one, so the session carries over.
      const page =
        name === 'fresh visitor' ? await (await browser.newContext()).newPage() : await context.newPage();
      const scripts = (await firstLoadScripts(page, url)).map((s) => classify(s, origin, built));
      if (name !== 'fresh visitor' && !(await page.getByTestId('sign-out').isVisible()))
        throw new Error(`${name}: not signed in after the load`);
      const sdk = scripts.filter((s) => s.sdk);
      lines.push([
        `/recharge-list, ${name}: no provider SDK among ${scripts.length} scripts loaded until network idle`,
        sdk.length === 0 ? 'none' : sdk.map((s) => s.label).join(', '),
        sdk.length === 0,
      ]);
      console.log(`  scripts (${name}):\n${scripts.map((s) => `    ${s.label}`).join('\n')}`);
      if (name === 'fresh visitor') await page.context().close();
      else await page.close();
    }
    lines.push(await detectorSeesAnSdk(browser, origin, built));
  } finally {
    await context.close();
  }
  return lines;
}

/**
 * Guards against a vacuous PASS: a page that does load an SDK chunk (imported by hand after the load) must be
 * caught by the same listing and classification.
 */
async function detectorSeesAnSdk(browser: Browser, origin: string, built: Build): Promise<Line> {
  const sdkFile = [...built.kinds].find(([, k]) => k.kind === 'sdk')?.[0];
  const name = 'self-check: an SDK chunk loaded on purpose is caught';
  if (sdkFile === undefined) return [name, 'no SDK chunk in the build to try', true];
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await page.goto(`${origin}/recharge-list`, { waitUntil: 'networkidle' });
    await page.evaluate((file) => import(file).then(() => undefined), sdkFile);
    await page.waitForLoadState('networkidle');
    const caught = [...new Set(scripts)].map((s) => classify(s, origin, built)).filter((s) => s.sdk);
    return [name, caught.map((s) => s.label).join(', ') || 'missed', caught.length > 0];
  } finally {
    await context.close();
  }
}
