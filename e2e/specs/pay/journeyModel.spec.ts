import { IPHONE_SAFARI, localhostOrigin } from '../../flows/pay';
import { runPayModel } from '../../flows/payModel/runner';
import { test } from '../../support/test';

/**
 * Model-based browser tests of the pay journey (issue 26, web/src/features/pay/MACHINE.md): fast-check
 * generates sequences of visitor events (pick a package and a method, type a card that pays, is declined or is
 * challenged, type a saved card's CVV, tap pay once or twice, the browser's and the page's back, each result
 * button, the leave question's answers, the challenge's answers and cancel, the wallet sheet's outcomes and
 * cancel, a provider's page, reload, offline and back, leave and return) against the real page in Chromium,
 * and after every step checks the invariants of MACHINE.md (flows/payModel/model.ts).
 *
 * Seeded: the seed is printed and annotated on every run; PAY_MODEL_SEED=<seed> replays one; a failure is
 * shrunk and printed as a numbered sequence with the PAY_MODEL_PATH and PAY_MODEL_REPLAY that replay it.
 * Each project runs it twice: in its own browser, and as Safari, where the wallet (the mock sheet) is offered.
 */

const env = process.env;
const SEED = env.PAY_MODEL_SEED === undefined ? Date.now() % 2 ** 31 : Number(env.PAY_MODEL_SEED);
// Runs are started until the budget is spent (RUNS is the most), so a faster machine applies more events.
const RUNS = Number(env.PAY_MODEL_RUNS ?? 40);
const MAX_COMMANDS = Number(env.PAY_MODEL_COMMANDS ?? 90);
/**
 * Each of the two tests stops starting runs after this long (PAY_MODEL_BUDGET_MS), and shrinks a failure for at
 * most SHRINK_MS more. They are the suite's longest tests, and run on the phone only (the desktop differs in
 * layout, not in the machine): 15 s each keeps CI under its 20 minutes. Every CI run draws a new seed, so the
 * sequences tried add up across runs; PAY_MODEL_BUDGET_MS=300000 explores longer.
 */
const budgetMs = () => (env.PAY_MODEL_BUDGET_MS === undefined ? 15_000 : Number(env.PAY_MODEL_BUDGET_MS));
const SHRINK_MS = Number(env.PAY_MODEL_SHRINK_MS ?? 90_000);
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

for (const browser of ['own', 'safari'] as const) {
  const name = browser === 'own' ? "the project's browser" : 'Safari, with the wallet';
  test.describe(`the pay journey's model (${name})`, () => {
    // The wallet is offered to Apple's Safari only (the mock sheet stands for Apple Pay's).
    if (browser === 'safari')
      test.use({ userAgent: async ({ isMobile }, use) => use(isMobile ? IPHONE_SAFARI : MAC_SAFARI) });

    test('holds its invariants under generated visitor events', async ({
      context,
      baseURL,
      isMobile,
    }, info) => {
      const budget = budgetMs();
      test.setTimeout(budget + SHRINK_MS + 60_000);
      const tag = `pay journey model [${info.project.name}, ${browser}]`;
      console.log(`${tag}: seed ${SEED} (PAY_MODEL_SEED=${SEED} replays it)`);
      info.annotations.push({ type: 'pay-model seed', description: String(SEED) });
      const summary = await runPayModel(context, {
        seed: SEED,
        runs: RUNS,
        maxCommands: MAX_COMMANDS,
        budgetMs: budget,
        shrinkMs: SHRINK_MS,
        origin: localhostOrigin(baseURL),
        touch: isMobile,
        path: env.PAY_MODEL_PATH,
        replayPath: env.PAY_MODEL_REPLAY,
      });
      const line = `seed ${summary.seed}, ${summary.runs} runs, ${summary.applied} visitor events applied (${summary.events} offered), ${(summary.ms / 1000).toFixed(1)} s`;
      console.log(`${tag}: ${line}`);
      info.annotations.push({ type: 'pay-model', description: line });
    });
  });
}
