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
 * catalogue), every transition of §4 and every validation rule of §5. A row names the evidence that a test
 * exercises it: the catalogue names and literal values a test must use to exercise it. Which tests do is
 * never listed here: it is found in the tests themselves (see scan.ts), or from an `@spec <row id>` tag.
 */
export type Section = '§8 codes' | '§4 transitions' | '§5 rules';

export interface SpecRow {
  readonly id: string;
  readonly section: Section;
  readonly group: string;
  readonly title: string;
  /** A test exercises the row when its text matches any of these... */
  readonly evidence: readonly RegExp[];
  /** ...and, where given, this too (a generic word such as 'other' counts only in an outcome test). */
  readonly context?: RegExp;
  /** Why no test exercises the row (an explained gap); a covered row must not carry one. */
  readonly untested?: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A value standing alone: not part of a longer number, word or decimal. */
const literal = (value: string | number) => new RegExp(`(?<![\\w.])${escapeRegExp(String(value))}(?![\\w.])`);
const quoted = (value: string) => new RegExp(`['"\`]${escapeRegExp(value)}['"\`]`);

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
    'the mock answers an unknown account id with 21001 (login failed): no TESTDATA row produces 21003',
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
      evidence: [new RegExp(`\\b(?:ServerCode|Message)\\.${name}\\b`), literal(code)],
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
    evidence: [new RegExp(`\\bDeclineCode\\.${name}\\b`), quoted(code), literal(code)],
  }));
}

const failDetailRows = (): SpecRow[] =>
  Object.entries(FailDetail).map(([name, detail]) => ({
    id: `failDetail.${name}`,
    section: '§8 codes',
    group: 'failure detail',
    title: `fail_detail '${detail}'`,
    evidence: [new RegExp(`\\bFailDetail\\.${name}\\b`), quoted(detail)],
    context: /fail_detail|failDetail|FailDetail/,
  }));

const outcomeRows = (): SpecRow[] =>
  OUTCOMES.map((outcome) => ({
    id: `outcome.${outcome}`,
    section: '§4 transitions',
    group: 'result outcome',
    title: `result outcome ${outcome}`,
    evidence: [quoted(outcome), new RegExp(`outcome[-_]${escapeRegExp(outcome)}\\b`)],
    context: /outcome/i,
  }));

const walletRows = (): SpecRow[] =>
  WALLET_FAILURE_REASONS.map((reason) => ({
    id: `wallet.${reason}`,
    section: '§4 transitions',
    group: 'wallet failure reason',
    title: `wallet failure reason ${reason}`,
    evidence: [quoted(reason)],
    context: /wallet/i,
  }));

const adyenRows = (): SpecRow[] => [
  ...ADYEN_RESULT_CODES.map(
    (code): SpecRow => ({
      id: `provider17.${code}`,
      section: '§4 transitions',
      group: 'provider 17 result',
      title: `provider 17 ${code}`,
      evidence: [new RegExp(`\\b${code}\\b`)],
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
      evidence: [quoted(code), new RegExp(`refusalReasonCode:\\s*${code}\\b`)],
      context: /refusal/i,
    }),
  ),
];

const row = (
  id: string,
  section: Section,
  group: string,
  title: string,
  evidence: readonly RegExp[],
  extra: { context?: RegExp; untested?: string } = {},
): SpecRow => ({ id, section, group, title, evidence, ...extra });

const T: Section = '§4 transitions';
const R: Section = '§5 rules';

const transitionRows = (): SpecRow[] => [
  row('pay.cardFrame', T, 'pay step', 'provider 13 or 17 card goes to the card frame', [
    /cardFrame|CardEntry|card-frame/,
  ]),
  row('pay.directOrder', T, 'pay step', 'provider 6 card or a wallet starts order creation directly', [
    /pay_type:\s*2[4589]\b|payType:\s*2[4589]\b|hostedPay|hosted\/pay/,
  ]),
  row('pay.expiredModify', T, 'pay step', 'an expired saved card opens expiry modification', [
    /modifyExpiry|ExpiryPopup|update[-_ ]?expiry|src_mc4444/i,
  ]),
  row('pay.bankExpired', T, 'pay step', 'bank reports the card expired: the saved card is invalid', [
    /is_bank_expire|bank1699|bankExpired/,
  ]),
  row('pay.cvv', T, 'pay step', 'a saved card goes to the cvv step and creates the order with the cvv', [
    /cvv_token|cvvToken|checkout\/cvv|'cvv'/,
  ]),
  row('pay.back', T, 'pay step', 'back pops the step stack, confirming when leaving', [
    /goBack|popStep|stepBack|give ?up|giveUp/i,
  ]),
  row('pay.remember', T, 'pay step', 'success: the remember-card choice toggles the saved card', [
    /is_remember|isRemember/,
  ]),
  row('pay.useAnother', T, 'pay step', 'expired-card popup, use another card', [
    /useAnother|use another card/i,
  ]),
  row('pay.deleteCard', T, 'pay step', 'delete a saved card: refresh, pick another or fall back', [
    /deleteCardSource|deleteCard/,
  ]),
  row('pay.domainCheck', T, 'pay step', 'wallet domain check redirects with pageinfo', [
    /checkDomainPayable|pageinfo/i,
  ]),
  row('pay.savedCardPolling', T, 'saved-card fetch', 'saved-card fetch: polls, then failed on exhaustion', [
    /fetchState|pollSavedCards|savedCardsState|cardFetch|fails after 15 tries/i,
  ]),
  row('pay.3ds', T, 'provider 17 result', 'a 3DS2 challenge (window 05) is submitted back', [
    /submitAuthenticationResult|CHALLENGE_WINDOW_SIZE|windowSize/,
  ]),
  row(
    'wallet.pendingPoll',
    T,
    'wallet flow',
    'server says pending: poll until the result is not -1',
    [/pending/],
    { context: /wallet/i },
  ),
  row('login.sessionOk', T, 'login', 'session-key login: result 0 logs in', [
    /checkSession|getPayUserInfo|session_key=/,
  ]),
  row('login.loggedOut', T, 'login', 'session-key login: result -10000 logs out', [/-10000|loggedOut/]),
  row('login.switch', T, 'login', 'a different user already signed in: confirm switching', [
    /[Ss]witch[A-Z]\w*|switch account/,
  ]),
  row('login.account', T, 'login', 'login type: account id and password', [/accountLogin|account_login/]),
  row('login.social', T, 'login', 'login type: social sign-in', [/facebookLogin|getLoginKey|fb_token/]),
  row('login.searchEngine', T, 'login', 'login type: search-engine account', [
    /googleLogin|google_login|id_token/,
  ]),
  row('login.ticket', T, 'login', 'login type: in-app ticket', [/ticketLogin|ticket_login/]),
  row('page.update', T, 'page update', 'a newer website_version reloads the page with a fresh dt', [
    /website_version/,
  ]),
  row('room.noFrames', T, 'room sync', 'incremental broadcast with no frames is ignored', [/no-frames/]),
  row('room.stale', T, 'room sync', 'frames at or behind the local sn are ignored', [
    /'stale'|room-duplicate-frames/,
  ]),
  row('room.applyOne', T, 'room sync', 'one frame past the local sn is applied', [
    /kind: 'apply'|room-quiet-pushed/,
  ]),
  row('room.applyTwo', T, 'room sync', 'two frames next to the local sn are applied in order', [
    /makeIncrement|room-reordered-frames|room-live-ticks/,
  ]),
  row('room.refresh', T, 'room sync', 'a gap asks for a full refresh; a newer one replaces the table', [
    /kind: 'refresh'|applyFullRefresh|refreshes:\s*[1-9]/,
  ]),
  row('room.syncSn', T, 'room sync', 'a sync-sn message raises sn to the max', [/syncSn|sync_sn|SyncSn/]),
  row('room.directives', T, 'room sync', 'directives: set, hash, merge, lists; each notifies its key', [
    /applyDirectives|DirectiveSchema|\bop:\s*'/,
  ]),
  row(
    'room.reconnect',
    T,
    'realtime connection',
    'reconnect after 1 s, up to 8 attempts, then network failure',
    [/reconnectDelay|reconnect/i],
  ),
  row('room.heartbeat', T, 'realtime connection', 'heartbeat after 15 s idle; timeout after 121 s silent', [
    /heartbeat|makeHeartbeat|roomSilence/i,
  ]),
  row(
    'order.kinds',
    T,
    'order kinds',
    'order kinds normal, retry, repurchase, expired',
    // A test must assert the kind an order was made with, not only pass one along.
    [/ORDER_KINDS|expect\([^)]*\bkind\b[^)]*\)\.toBe\('(?:retry|repurchase|expired)'\)/],
    {
      untested:
        "the result panel's actions set the kind (again: repurchase, retry, update: expired) and the mock stores it; no test yet reads the kind an order was created with",
    },
  ),
];

const ruleRows = (): SpecRow[] => [
  row('rule.uidDigits', R, 'user id', 'user id: digits only, correct length', [
    /checkUid|check_uid|UidParam/,
  ]),
  row('rule.searchMin', R, 'user id', 'display id search needs at least 5 characters', [
    /at least 5|from 5 characters|SEARCH_MIN|searchMin|minSearch/i,
  ]),
  row('rule.guest', R, 'accounts', 'guest accounts cannot be topped up', [
    /guestAccount|is_guest:\s*true|account-guest/,
  ]),
  row('rule.cardForm', R, 'card form', 'all four card fields valid to submit; empty/invalid messages', [
    /pleaseFill|please fill|filledIncorrectly|filled incorrectly|validateCardForm/i,
  ]),
  row(
    'rule.holder',
    R,
    'card form',
    'holder name: emoji and symbols stripped, under 255, not empty',
    [/holder/i],
    {
      context: /255|emoji|empty|strip/i,
    },
  ),
  row('rule.cvv', R, 'card form', 'CVV: digits only, 3 to 4', [/cvv/i], {
    context: /\b3\b.*\b4\b|length|digits/i,
  }),
  row('rule.schemes', R, 'card form', 'provider 17 accepts Mastercard and Visa only', [
    /amex-refused|accepts only Visa and Mastercard|acceptedSchemes|ACCEPTED_SCHEMES/i,
  ]),
  row('rule.expiry', R, 'card form', 'expiry MM/YY normalised; past months invalid; bad format error', [
    /MM\/YY|parseExpiry|normali[sz]eExpiry|cardValidDate|card_valid_date/,
  ]),
  row('rule.expiringSoon', R, 'card form', 'a card expiring within 60 days is flagged for update', [
    /60 days|sixty days|expiresSoon|needsUpdate|EXPIRY_WARNING/i,
  ]),
  row('rule.walletBin', R, 'saved cards', 'bin 000000 is a wallet token, not a card', [/000000/]),
  row(
    'rule.savedCardsList',
    R,
    'saved cards',
    'de-duplicated by fingerprint, remembered only, newest first, at most 3',
    [/fingerprint/],
    { context: /remember|last_use_at|3/ },
  ),
  row('rule.walletType', R, 'wallet', 'a wallet type outside the supported list is unavailable', [
    /walletTypeUnavailable|25001/,
  ]),
  row('rule.feedback', R, 'feedback', 'feedback: text required, up to 3 files, a word limit', [
    /textRequired|tooManyFiles|textTooLong|24003|24004|24005|feedback-three-files/,
  ]),
  row('rule.loginRequired', R, 'login', 'account login: id and password required', [
    /accountIdRequired|passwordRequired|enter the (?:account ID|password)|says what is missing/i,
  ]),
  row('rule.ticketSkipped', R, 'login', 'ticket login skipped when missing or already used', [/ticket/i], {
    context: /stored|skip|already|same ticket/i,
  }),
  row('rule.socialHash', R, 'login', 'social login from the hash needs fb_id and fb_token', [/fb_id/], {
    context: /fb_token/,
  }),
  row(
    'rule.realtimeResult',
    R,
    'realtime',
    'realtime messages processed only with result 0 and a JSON body',
    [/ServerEnvelopeSchema|non-zero result|result: [1-9]\d*.*data/],
    { context: /room|realtime/i },
  ),
  row('rule.grayRelease', R, 'gray release', 'new checkout for cko_new_rate or the whitelist', [
    /cko_new_rate|cko_new_whitelist/,
  ]),
  row('rule.abScores', R, 'gray release', 'AB scores 0-99; ratios over 100 rescaled; whitelist first', [
    /abtest_|ABtest_repurchase_ratio|rescale/i,
  ]),
];

/** Every row of the matrix, in SPEC order: §8, §4, §5. */
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
  ];
}
