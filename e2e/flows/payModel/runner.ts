import { writeFileSync } from 'node:fs';
import { type BrowserContext, type Page, test } from '@playwright/test';
import fc from 'fast-check';
import { CONTROL_HEADERS } from '../../support/mock';
import { COMMANDS, type Real, STEP_MS, tap as tapFirst } from './commands';
import { checkInvariants, type Model, screenOf } from './model';
import { settle } from './settle';

/**
 * Runs the model-based pay journey test: fast-check generates sequences of visitor events (COMMANDS), each
 * run starting from a fresh world (the mock's reset, a new tab with its storage emptied); a failure is
 * shrunk to a shorter sequence and reported readably with what replays it.
 */

export interface ModelOptions {
  readonly seed: number;
  readonly runs: number;
  readonly maxCommands: number;
  /** Stops starting runs after this long (the runs done are reported)… */
  readonly budgetMs: number;
  /** …and a failure's shrinking after this much more (the shortest sequence found by then is reported). */
  readonly shrinkMs: number;
  /** The origin the app is opened on (localhost: the wallet can pay there). */
  readonly origin: string;
  readonly touch: boolean;
  /** A failure's replay: fast-check's path and the commands' replay path. */
  readonly path?: string | undefined;
  readonly replayPath?: string | undefined;
}

export interface ModelSummary {
  readonly seed: number;
  readonly runs: number;
  readonly events: number;
  readonly applied: number;
  readonly ms: number;
}

/**
 * One run's start: a fresh world (the mock's reset), a new tab (its own history: a back never reaches the
 * last run's pages) with the storage emptied, signed in (the link's account said to be the visitor's), the $4.99
 * package picked on the list.
 */
async function start(page: Page, origin: string, touch: boolean): Promise<Model> {
  await page.context().setOffline(false);
  const reset = await page.request.post(`${origin}/__mock/reset`, { headers: CONTROL_HEADERS, data: {} });
  if (!reset.ok()) throw new Error(`mock reset refused: ${reset.status()}`);
  await page.clock.install();
  await page.goto(`${origin}/recharge-list?session_key=sk-10000001`);
  await settle(page, STEP_MS);
  const real = { page, touch };
  // The visitor says the link's account is theirs: its saved cards are offered (only then, SPEC §6).
  await tapFirst(real, page.getByTestId('link-notice').getByRole('button', { name: 'نعم، هذا حسابي' }));
  await tapFirst(real, page.getByTestId('package').nth(1));
  await tapFirst(real, page.getByTestId('pay-now'));
  const snap = await settle(page, STEP_MS);
  return {
    origin,
    screen: screenOf(snap),
    snap,
    offline: false,
    credit: 0,
    orders: new Set(),
    typed: {},
    paying: undefined,
    finished: undefined,
    trail: [],
    events: 0,
    applied: 0,
  };
}

export async function runPayModel(context: BrowserContext, options: ModelOptions): Promise<ModelSummary> {
  const began = Date.now();
  let runs = 0;
  let events = 0;
  let applied = 0;
  let failedTrail: readonly string[] = [];
  let failedScreen: Buffer | undefined;
  let page: Page | undefined;
  const property = fc.asyncProperty(
    fc.commands(COMMANDS, {
      maxCommands: options.maxCommands,
      size: 'max',
      ...(options.replayPath === undefined ? {} : { replayPath: options.replayPath }),
    }),
    async (cmds) => {
      // Past the budget, the runs left pass at once (never while shrinking a failure).
      if (failedScreen === undefined && Date.now() - began > options.budgetMs) return;
      runs += 1;
      const runBegan = Date.now();
      if (page !== undefined) {
        // The origin's storage is the context's: emptied from the last run's tab, then that tab closed.
        await page.context().setOffline(false);
        await page.goto(`${options.origin}/privacy.html`, { waitUntil: 'commit' });
        await page.evaluate(() => localStorage.clear());
        await page.close();
      }
      page = await context.newPage();
      const real: Real = { page, touch: options.touch };
      const model = await start(page, options.origin, options.touch);
      if (process.env.PAY_MODEL_TRACE === '1')
        console.log(`run ${runs} started in ${Date.now() - runBegan} ms`);
      try {
        await checkInvariants(model, real.page, model.snap);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      } catch (error) {
        failedTrail = [...model.trail];
        failedScreen = await real.page.screenshot().catch(() => Buffer.from(''));
        throw error;
      } finally {
        if (process.env.PAY_MODEL_TRACE === '1')
          console.log(`run ${runs} (${[...cmds].length} commands):\n  ${model.trail.join('\n  ')}`);
        events += model.events;
        applied += model.applied;
      }
    },
  );
  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: options.runs,
    ...(options.path === undefined ? {} : { path: options.path }),
    interruptAfterTimeLimit: options.budgetMs + options.shrinkMs,
    markInterruptAsFailure: false,
  });
  const summary = { seed: options.seed, runs, events, applied, ms: Date.now() - began };
  if (details.failed) {
    if (failedScreen !== undefined && failedScreen.length > 0) {
      const path = test.info().outputPath('pay-model-failing-state.png');
      writeFileSync(path, failedScreen);
      await test.info().attach('pay-model-failing-state', { path, contentType: 'image/png' });
    }
    throw new Error(failureReport(details, failedTrail, summary));
  }
  return summary;
}

/** The shrunk sequence, numbered, with each step's screens, and the command line that replays it. */
function failureReport(
  details: fc.RunDetails<[Iterable<fc.AsyncCommand<Model, Real>>]>,
  trail: readonly string[],
  summary: ModelSummary,
): string {
  const info = test.info();
  // This test's describe, as a -g pattern (its brackets escaped).
  const grep = (info.titlePath.at(-2) ?? '').replace(/[()[\]{}.*+?^$|\\]/g, '\\$&');
  const shown = details.counterexample === null ? '' : String(details.counterexample[0]);
  const replayPath = /replayPath="([^"]*)"/.exec(shown)?.[1];
  const error =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const lines = [
    `pay journey model FAILED (seed ${summary.seed}, after ${details.numRuns} runs, shrunk ${details.numShrinks} times${details.interrupted ? ', shrinking stopped by the time budget' : ''})`,
    `the shortest failing sequence found (${trail.length} visitor events, from the list signed in as 10000001):`,
    ...trail.map((step, i) => `  ${i + 1}. ${step}`),
    `what failed after the last one: ${error.split('\n')[0]}`,
    '',
    'replay it:',
    `  PAY_MODEL_SEED=${summary.seed} PAY_MODEL_PATH=${details.counterexamplePath ?? ''}${replayPath === undefined ? '' : ` PAY_MODEL_REPLAY='${replayPath}'`} npx playwright test -c e2e/playwright.config.ts e2e/specs/pay/journeyModel.spec.ts --project=${info.project.name} -g "${grep}" --retries=0`,
    '  (the commands offered depend on what the page showed, so a page that goes another way this time',
    '  replays a different sequence or stops with "Too short replayPath": PAY_MODEL_SEED alone runs it afresh)',
    '',
    error,
  ];
  return lines.join('\n');
}
