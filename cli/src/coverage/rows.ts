import {
  ADYEN_RESULT_CODES,
  DeclineCode,
  FailDetail,
  OUTCOMES,
  ServerCode,
  WALLET_FAILURE_REASONS,
} from '@topup/contracts';

/**
 * The rows of the spec coverage matrix: every server and decline code of SPEC §8 (from the contracts' code
 * catalogue), every transition of §4, every validation rule of §5, and the §7 reports and §9 constants the
 * SPEC audit (docs/spec-audit.md) found missing and the project then built. Which tests assert a row is never
 * listed here: a test claims it with the tag `@spec:<row id>` (Vitest: in its name or a describe's; Playwright:
 * `{ tag: '@spec:<row id>' }`), and the test runners' own JSON reports say which tests carried the tag and
 * passed (see results.ts).
 */
/** The sections in the order the matrix lists them. */
export const SECTIONS = ['§8 codes', '§4 transitions', '§5 rules', '§7 calls', '§9 constants'] as const;
export type Section = (typeof SECTIONS)[number];

export interface SpecRow {
  readonly id: string;
  readonly section: Section;
  readonly group: string;
  readonly title: string;
  /** Why no test asserts the row (an explained gap); a covered row must not carry one. */
  readonly untested?: string;
}

const codeTitles: Partial<Record<keyof typeof ServerCode, string>> = {
  loggedOut: 'session: user is logged out',
  banned: 'account banned, cannot top up',
  deactivated: 'account deactivated/deleted',
  deactivating: 'account being deactivated',
  searchNoMatch: 'other search: no match, check your input',
  accountNotFound: 'account not found, download the app',
  cardUpdateFailed: 'failed to update card info',
  insufficientBalance: 'insufficient balance',
  cardExpired: 'card expired (result expire)',
};

/** Codes of the catalogue no test data produces: their messages are there for a real backend. */
const NOT_PRODUCED: Partial<Record<keyof typeof ServerCode, string>> = {
  userNotFound:
    'account_login with an unknown id (99999999) or a guest (10000006) answers 21002; a failed sign-in value (an unknown key in get_pay_user_info, a bad ticket or social token) 21001: no TESTDATA row produces 21003',
  phoneAccountPassword: 'no TESTDATA account signs in by phone; the message is kept for a real backend',
  paymentFailed:
    'the mock reports a failed payment in the order result (platform_data), never as a call result',
  securityCheckFailed: 'no TESTDATA row triggers a security check; the code is listed for a real backend',
  submissionFailed:
    'the mock accepts every well-formed report; a failed submission exists only on a real backend',
};

function serverCodeRows(): SpecRow[] {
  return Object.entries(ServerCode)
    .filter(([, code]) => code !== 0)
    .map(([name, code]) => ({
      id: `code.${code}`,
      section: '§8 codes',
      group: 'server code',
      title: `${code} ${codeTitles[name as keyof typeof ServerCode] ?? name}`,
      ...(NOT_PRODUCED[name as keyof typeof ServerCode] === undefined
        ? {}
        : { untested: NOT_PRODUCED[name as keyof typeof ServerCode] }),
    }));
}

function declineRows(): SpecRow[] {
  return Object.entries(DeclineCode).map(([name, code]) => ({
    id: `decline.${code}`,
    section: '§8 codes',
    group: 'decline err_code',
    title: `order err_code ${code} (${name})`,
  }));
}

const failDetailRows = (): SpecRow[] =>
  Object.entries(FailDetail).map(([name, detail]) => ({
    id: `failDetail.${name}`,
    section: '§8 codes',
    group: 'failure detail',
    title: `fail_detail '${detail}'`,
  }));

const outcomeRows = (): SpecRow[] =>
  OUTCOMES.map((outcome) => ({
    id: `outcome.${outcome}`,
    section: '§4 transitions',
    group: 'result outcome',
    title: `result outcome ${outcome}`,
  }));

const walletRows = (): SpecRow[] =>
  WALLET_FAILURE_REASONS.map((reason) => ({
    id: `wallet.${reason}`,
    section: '§4 transitions',
    group: 'wallet failure reason',
    title: `wallet failure reason ${reason}`,
  }));

const adyenRows = (): SpecRow[] => [
  ...ADYEN_RESULT_CODES.map(
    (code): SpecRow => ({
      id: `provider17.${code}`,
      section: '§4 transitions',
      group: 'provider 17 result',
      title: `provider 17 ${code}`,
    }),
  ),
  ...(
    [
      ['6', 'card expired'],
      ['11', 'verification failed'],
      ['24', 'verification failed'],
      ['12', 'not enough balance'],
    ] as const
  ).map(
    ([code, meaning]): SpecRow => ({
      id: `provider17.refusal.${code}`,
      section: '§4 transitions',
      group: 'provider 17 result',
      title: `refusal code ${code}: ${meaning}`,
    }),
  ),
];

const row = (id: string, section: Section, group: string, title: string, untested?: string): SpecRow => ({
  id,
  section,
  group,
  title,
  ...(untested === undefined ? {} : { untested }),
});

const T: Section = '§4 transitions';
const R: Section = '§5 rules';

const transitionRows = (): SpecRow[] => [
  row('pay.cardFrame', T, 'pay step', 'provider 13 or 17 card goes to the card frame'),
  row('pay.directOrder', T, 'pay step', 'provider 6 card or a wallet starts order creation directly'),
  row('pay.expiredModify', T, 'pay step', 'an expired saved card opens expiry modification'),
  row('pay.bankExpired', T, 'pay step', 'bank reports the card expired: the saved card is invalid'),
  row('pay.cvv', T, 'pay step', 'a saved card goes to the cvv step and creates the order with the cvv'),
  row('pay.back', T, 'pay step', 'back pops the step stack, confirming when leaving'),
  row(
    'pay.remember',
    T,
    'pay step',
    'success: the remember-card choice toggles the saved card; the last pay type and card are remembered',
  ),
  row('pay.useAnother', T, 'pay step', 'expired-card popup, use another card'),
  row('pay.deleteCard', T, 'pay step', 'delete a saved card: refresh, pick another or fall back'),
  row(
    'pay.lastMethod',
    T,
    'pay methods',
    "method display mode 0: the last pay type alone, checked, carried by 'pay now'; show all",
  ),
  row('pay.domainCheck', T, 'pay step', 'wallet domain check redirects with pageinfo'),
  row('pay.savedCardPolling', T, 'saved-card fetch', 'saved-card fetch: polls, then failed on exhaustion'),
  row('pay.3ds', T, 'provider 17 result', 'a 3DS2 challenge (window 05) is submitted back'),
  row('wallet.pendingPoll', T, 'wallet flow', 'server says pending: poll until the result is not -1'),
  row('login.sessionOk', T, 'login', 'session-key login: result 0 logs in'),
  row('login.loggedOut', T, 'login', 'session-key login: result -10000 logs out'),
  row('login.switch', T, 'login', 'a different user already signed in: confirm switching'),
  row('login.account', T, 'login', 'login type: account id and password'),
  row('login.social', T, 'login', 'login type: social sign-in'),
  row('login.searchEngine', T, 'login', 'login type: search-engine account'),
  row('login.ticket', T, 'login', 'login type: in-app ticket'),
  row(
    'page.update',
    T,
    'page update',
    'a newer website_version reloads the page with a fresh dt, once a visit',
  ),
  row('room.noFrames', T, 'room sync', 'incremental broadcast with no frames is ignored'),
  row('room.stale', T, 'room sync', 'frames at or behind the local sn are ignored'),
  row('room.applyOne', T, 'room sync', 'one frame past the local sn is applied'),
  row('room.applyTwo', T, 'room sync', 'two frames next to the local sn are applied in order'),
  row('room.refresh', T, 'room sync', 'a gap asks for a full refresh; a newer one replaces the table'),
  row('room.syncSn', T, 'room sync', 'a sync-sn message raises sn to the max'),
  row('room.directives', T, 'room sync', 'directives: set, hash, merge, lists; each notifies its key'),
  row(
    'room.reconnect',
    T,
    'realtime connection',
    'reconnect 1 s after an error close, up to 8 attempts, then network failure',
  ),
  row('room.heartbeat', T, 'realtime connection', 'heartbeat after 15 s idle; timeout after 121 s silent'),
  row('order.kinds', T, 'order kinds', 'order kinds normal, retry, repurchase, expired'),
];

const ruleRows = (): SpecRow[] => [
  row('rule.uidDigits', R, 'user id', 'user id: digits only, correct length'),
  row('rule.searchMin', R, 'user id', 'display id search needs at least 5 characters'),
  row('rule.guest', R, 'accounts', 'guest accounts cannot be topped up'),
  row('rule.cardForm', R, 'card form', 'all four card fields valid to submit; empty/invalid messages'),
  row('rule.holder', R, 'card form', 'holder name: emoji and symbols stripped, under 255, not empty'),
  row('rule.cvv', R, 'card form', 'CVV: digits only, 3 to 4'),
  row('rule.schemes', R, 'card form', 'provider 17 accepts Mastercard and Visa only'),
  row('rule.expiry', R, 'card form', 'expiry MM/YY normalised; past months invalid; bad format error'),
  row('rule.expiringSoon', R, 'card form', 'a card expiring within 60 days is flagged for update'),
  row('rule.walletBin', R, 'saved cards', 'bin 000000 is a wallet token, not a card'),
  row(
    'rule.savedCardsList',
    R,
    'saved cards',
    'de-duplicated by fingerprint, remembered only, newest first, at most 3',
  ),
  row('rule.walletType', R, 'wallet', 'a wallet type outside the supported list is unavailable'),
  row('rule.feedback', R, 'feedback', 'feedback: text required, up to 3 files, a word limit'),
  row('rule.loginRequired', R, 'login', 'account login: id and password required'),
  row('rule.ticketSkipped', R, 'login', 'ticket login skipped when missing or already used'),
  row('rule.socialHash', R, 'login', 'social login from the hash needs fb_id and fb_token'),
  row('rule.realtimeResult', R, 'realtime', 'realtime messages processed only with result 0 and a JSON body'),
  row('rule.grayRelease', R, 'gray release', 'new checkout for cko_new_rate or the whitelist'),
  row('rule.abScores', R, 'gray release', 'AB scores 0-99; ratios over 100 rescaled; whitelist first'),
];

const C: Section = '§7 calls';
const K: Section = '§9 constants';

const callRows = (): SpecRow[] => [
  row(
    'call.tmpReport',
    C,
    'reports',
    'order reporting: tmp_report on an order result, retried up to 3 more times',
  ),
  row('call.sensorReport', C, 'reports', 'monitoring report to sensor_monitor, sampled 1 in N'),
  row('call.chatWebhook', C, 'reports', 'failure notice and storage failures posted to a chat webhook'),
];

const constantRows = (): SpecRow[] => [
  row('limit.performance', K, 'monitoring', 'performance data capped at 50 entries; FPS reported under 30'),
  row('limit.imageWidth', K, 'images', 'remote images resized to width 240 by default'),
  row('limit.timezones', K, 'flavors', 'timezone offsets Live 8, Ksa 3, Are 2, Okey 3; card offset +3'),
  row('limit.apiTimeout', K, 'time limits', 'an API call times out after 60 s (-1), not before'),
  row('limit.bridgeCall', K, 'native bridge', 'a native bridge call times out after 5 s'),
  row('limit.bridgePoll', K, 'native bridge', 'bridge readiness polled every 16 ms, up to 50 tries'),
  row(
    'limit.resultPoll',
    K,
    'result polling',
    'result polling every 500 ms, up to 100 tries (shared budget)',
  ),
  row('limit.walletSession', K, 'wallet', 'wallet merchant session waited 15 s, with one retry'),
  row('limit.walletSheet', K, 'wallet', 'wallet sheet: version 1, currency USD, the package amount as it is'),
  row('limit.toast', K, 'toast', 'a toast shows for 3000 ms'),
  row('limit.history', K, 'recharge history', 'local history: own account first plus at most 40 entries'),
  row('limit.fillRecord', K, 'recharge history', 'recharge_fill_record asked with limit 100'),
  row('limit.pageView', K, 'page view', 'page-view id renewed after 20 minutes or a completed payment'),
  row('limit.countW', K, 'count display', "counts above 10000 shown with 'W' in live, K/M elsewhere"),
  row(
    'limit.routes',
    K,
    'routes',
    '/home goes to index; an unknown path to the last route or index, query kept',
  ),
];

/** Every row of the matrix, in SPEC order: §8, §4, §5, then §7 and §9. */
export function specRows(): SpecRow[] {
  return [
    ...serverCodeRows(),
    ...declineRows(),
    ...failDetailRows(),
    ...outcomeRows(),
    ...walletRows(),
    ...adyenRows(),
    ...transitionRows(),
    ...ruleRows(),
    ...callRows(),
    ...constantRows(),
  ];
}
