import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch as chromium } from './support/chromium';

/** Debian's Chromium, a phone and a desktop project, the mock server started by the global setup. */

export default defineConfig({
  testDir: './specs',
  // The chaos specs run in their own projects (below), which lift this.
  testIgnore: 'chaos/**',
  globalSetup: './support/globalSetup.ts',
  fullyParallel: true,
  workers: 2,
  // In CI a failed test is tried once more, to tell a flaky test from a broken one in the report; a test that
  // needed that retry still fails the run (and `npm test` counts it failed): a flaky test is not a pass.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'reports/playwright.json' }],
    // A sharded CI run (`--shard i/n`) also keeps a blob per shard; `playwright merge-reports` joins them.
    ...(process.env.PLAYWRIGHT_BLOB_OUTPUT_DIR === undefined
      ? []
      : [['blob', { outputDir: process.env.PLAYWRIGHT_BLOB_OUTPUT_DIR }] as const]),
  ],
  outputDir: 'test-results',
  use: {
    locale: 'ar-SA',
    timezoneId: 'Asia/Riyadh',
    // Recording a trace costs every test its screencast and snapshots (about a quarter of a passing test's time
    // on a busy 2-core machine). In CI a failed test is retried with a trace (the retry's trace is the one the
    // report keeps); locally, where there is no retry, every test records and a failed one keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // Playwright's own 'only-on-failure' screenshots every page of every context as it closes, passed or not,
    // and throws the shot away when the test passed: half a second a test on the phone's 2.6x screen. The suite's
    // test (support/test.ts, failureScreenshots) takes them only when a test has failed, the same pages.
    screenshot: 'off',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'mobile',
      // Pixel 7's viewport, touch and user agent, in Chromium.
      use: { ...devices['Pixel 7'], browserName: 'chromium', launchOptions: chromium },
    },
    {
      name: 'desktop',
      grepInvert: /@table/,
      // The desktop differs from the phone in layout only (CSS above 800 px; no script reads the width) and in a
      // mouse for touch. So the desktop runs the flows whose screens it lays out differently (recharge, the pay
      // journeys, the visitor's path, fines, feedback, shell), layout and stability, and the tap and back
      // handling; the rows of TESTDATA's tables (@table) and the specs below run on the phone only. Those check
      // what the page does with a server's answer or a stored value (the app bridge, sign-in, saved cards, the
      // card provider, the wallet sheet, kept, lost and retried orders and their sessions, an account change and
      // the list following it, a payment's return, the server's clock, order kinds, kept drafts and typed cards,
      // the findings kept from the model and the gallery, the model's generated visitor events themselves,
      // the fines' flows (a page no wider on the desktop), the native app's back, the offline notices, the
      // done panel's account, a link account's cards, another card, a package's price, the challenge's back
      // and leave, the room, a session's expiry),
      // the built first paint and its chunks (the same HTML and requests at any width), the SPEC audit (it sets
      // the 800/801 px widths itself), the version reload, the performance report and the pay events: none of
      // it changes with the viewport, and running it twice took CI past its 20 minutes.
      testIgnore: [
        'chaos/**',
        '**/app/appAccount.spec.ts',
        '**/app/hydration.spec.ts',
        '**/app/lazyPreload.spec.ts',
        '**/app/monitoring.spec.ts',
        '**/app/pageUpdate.spec.ts',
        '**/app/signin.spec.ts',
        '**/app/specAudit.spec.ts',
        '**/pay/events.spec.ts',
        '**/pay/cardProvider.spec.ts',
        '**/pay/cards.spec.ts',
        '**/pay/deleteCard.spec.ts',
        '**/pay/savedCards.spec.ts',
        '**/pay/wallet.spec.ts',
        '**/pay/accountChange.spec.ts',
        '**/pay/galleryFindings.spec.ts',
        '**/pay/journeyFindings.spec.ts',
        '**/pay/journeyModel.spec.ts',
        '**/pay/journeyModelFindings.spec.ts',
        '**/pay/keptPending.spec.ts',
        '**/pay/keptPendingBack.spec.ts',
        '**/pay/lostAnswer.spec.ts',
        '**/pay/methodUnavailable.spec.ts',
        '**/pay/orderKinds.spec.ts',
        '**/pay/retryThenPaid.spec.ts',
        '**/pay/serverClock.spec.ts',
        '**/pay/storedTarget.spec.ts',
        '**/pay/unusableCardNotChosen.spec.ts',
        '**/pay/walletMoveOwn.spec.ts',
        '**/app/feedbackDraft.spec.ts',
        '**/app/rechargeAccount.spec.ts',
        '**/fines/fineKeepsCard.spec.ts',
        '**/pay/orderSession.spec.ts',
        '**/pay/paymentReturn.spec.ts',
        '**/fines/finePayAnotherWay.spec.ts',
        '**/pay/challengeOffline.spec.ts',
        '**/app/rechargeOffline.spec.ts',
        '**/pay/doneAccount.spec.ts',
        '**/pay/timeoutKeepsCard.spec.ts',
        '**/pay/linkAccountCards.spec.ts',
        '**/app/sessionExpiry.spec.ts',
        '**/fines/fines.spec.ts',
        '**/app/appAccountBack.spec.ts',
        '**/app/packagePrice.spec.ts',
        '**/pay/useAnotherCard.spec.ts',
        '**/pay/anotherCardKeepsName.spec.ts',
        '**/pay/challengeBack.spec.ts',
        '**/pay/challengeLeave.spec.ts',
        '**/app/room.spec.ts',
        '**/app/payLinkWording.spec.ts',
        '**/app/lastMethod.spec.ts',
        // This session's: a phone width set by the spec itself (noticeOrderId), the offline page code, a lying
        // server's fields and words, the fines' amount change and 3-D Secure back, the given-up order's return.
        '**/app/noticeOrderId.spec.ts',
        '**/app/pageCodeOffline.spec.ts',
        '**/app/serverFields.spec.ts',
        '**/app/serverWords.spec.ts',
        '**/fines/fineAmountConfirm.spec.ts',
        '**/fines/fineChallengeBack.spec.ts',
        '**/pay/givenUpReturn.spec.ts',
        // The built sign-in form submitted with JavaScript off: the same form and request at any width.
        '**/app/loginNoScript.spec.ts',
        // A lying server's order answer that contradicts itself (the phone's pay step is the same one).
        '**/pay/contradictoryAnswer.spec.ts',
      ],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      // Issue 11: the production build attacked from a second loopback server (specs/security/*.security.ts).
      name: 'security',
      testMatch: /security\/.*\.security\.ts$/,
      use: { ...devices['Desktop Chrome'], browserName: 'chromium', launchOptions: chromium },
    },
    // The pay flows under a slow or failing backend (specs/chaos), on the phone: the screens a fault ends on are
    // the journeys' own, which the desktop project lays out.
    {
      name: 'chaos',
      testMatch: 'chaos/**/*.spec.ts',
      testIgnore: [],
      use: { ...devices['Pixel 7'], browserName: 'chromium', launchOptions: chromium },
    },
  ],
});
