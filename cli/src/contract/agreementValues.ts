import { type AgreementContext, at, type Judge, type Source, shown } from './agreementJudges';

/**
 * Judges of the agreement rules (agreement.ts) for values inside valid types: a success code where the data
 * says success, a time that is not already past, a flag as the fixtures or another answer give it. Each
 * names the SPEC (or TESTDATA) line it holds the answer to.
 */

/** A fixed value a rule compares with (the kind of order a call makes). */
export const constant = (value: unknown, what: string): Source => ({ read: () => value, what });

const iso = (seconds: number) =>
  Number.isFinite(seconds) && Math.abs(seconds) < 8.64e12
    ? new Date(seconds * 1000).toISOString()
    : 'no date';

/**
 * A time in seconds since the epoch after the clock's now: `what` expires then, and was answered still valid
 * (result 0). Negative, 0 and past values fail.
 */
export const notExpired =
  (what: string, why: string): Judge =>
  (value, ctx) => {
    if (typeof value !== 'number') return undefined;
    const nowS = Math.floor(ctx.clock.now / 1000);
    if (value > nowS) return undefined;
    return `answered ${value} (${iso(value)}), not after ${ctx.clock.name} (${iso(nowS)}): ${what} answered valid has not expired (${why})`;
  };

/** The body of an upload token as decoded by its schema (an object), or as text. */
const tokenBody = (body: unknown): unknown => {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * SPEC §3: the upload token answer's tokens[0] has url, body (token and key) and result; SPEC §7: result 0
 * is success. The check asks for one small PNG (TESTDATA Feedback: png up to 5 MB), so the token is granted:
 * result 0, with a url, a token and a key to upload with.
 */
export const tokenGranted: Judge = (value) => {
  if (value === null || typeof value !== 'object') return undefined;
  const result = at(value, 'result');
  if (typeof result === 'number' && result !== 0)
    return `answered tokens[0].result ${result} for the one PNG of 1024 bytes asked (within TESTDATA's feedback limits): result 0 is success (SPEC §7), so the answer grants no token to upload with`;
  const body = tokenBody(at(value, 'body'));
  const empty = [
    ['url', at(value, 'url')],
    ['body.token', at(body, 'token')],
    ['body.key', at(body, 'key')],
  ].filter(([, v]) => v === '');
  if (empty.length === 0) return undefined;
  return `answered tokens[0] with an empty ${empty.map(([name]) => name).join(' and ')}: a granted token has the url, token and key the file is uploaded with (SPEC §3 upload token)`;
};

/** Account check statuses (SPEC §3) under which a top-up is refused (SPEC §4 account states). */
const REFUSED_STATUSES: Readonly<Record<number, string>> = {
  1: 'deactivated',
  2: 'banned',
  3: 'not exist',
  4: 'deactivating',
};

/**
 * SPEC §4 (account states): top-up is refused for a banned, cancelled or cancelling account, and a guest
 * account cannot be topped up (also SPEC §6). An order createCoinPay made for an account that checkDisplayId
 * or checkUid answered so says the lookup is wrong, or the order should have been refused.
 */
export const orderableAccount: Judge = (value, ctx) => {
  if (value === undefined) return undefined;
  const uid = String(at(ctx.params, 'uid'));
  const lookup = ctx.steps.checkDisplayId;
  const lines: string[] = [];
  if (lookup?.result === 0 && String(at(lookup.data, 'uid')) === uid) {
    if (at(lookup.data, 'is_guest') === true)
      lines.push(`checkDisplayId answered is_guest true for uid ${uid}: a guest account cannot be topped up`);
    const status = at(lookup.data, 'status');
    const refused = typeof status === 'number' ? REFUSED_STATUSES[status] : undefined;
    if (refused !== undefined)
      lines.push(
        `checkDisplayId answered status ${status} (${refused}) for uid ${uid}: top-up is refused for it`,
      );
  }
  const row = ctx.steps.checkUid;
  if (row?.result === 0 && String(at(row.data, 'user.uid')) === uid && at(row.data, 'user.status') === 2)
    lines.push(`checkUid answered status 2 (banned) for uid ${uid}: top-up is refused for a banned account`);
  if (lines.length === 0) return undefined;
  return `made order ${shown(value)} for uid ${uid}, but ${lines.join('; ')} (SPEC §4 account states): one of the two answers is wrong`;
};

/** The calls that make an order, in the order the writes run them (plan.ts). */
const ORDER_MAKERS = ['createCoinPay', 'createFinePay', 'payerMaxCreateFinePay'] as const;

/**
 * A new order has an order id of its own: an order id an earlier order-making call of this run already
 * answered (SPEC §7 create_coin_pay, create_fine_pay: each makes an order) is another order's.
 */
export const newOrderId: Judge = (value, ctx) => {
  if (typeof value !== 'string') return undefined;
  const earlier = ORDER_MAKERS.find(
    (call) => ctx.steps[call] !== undefined && at(ctx.steps[call]?.data, 'order_id') === value,
  );
  return earlier === undefined
    ? undefined
    : `answered order ${shown(value)}, the order id ${earlier} already answered earlier in this run: a new order has an order id of its own`;
};

/**
 * SPEC §3: a user row's status 2 means banned, and the account check status banned is 2: checkUid's row and
 * checkDisplayId's lookup of one account both say banned, or neither does. Whichever is judged second compares.
 */
const oneBan = (uid: unknown, mine: unknown, mineName: string, theirs: unknown, theirsName: string) =>
  typeof mine !== 'number' || typeof theirs !== 'number' || (mine === 2) === (theirs === 2)
    ? undefined
    : `${mineName} ${shown(mine)} for uid ${shown(uid)}, but ${theirsName} ${shown(theirs)} for it: both are 2 when the account is banned (SPEC §3 user row and account check statuses)`;
export const rowBanAgreesWithLookup: Judge = (value, ctx) => {
  const lookup = ctx.steps.checkDisplayId;
  const uid = at(ctx.answer, 'user.uid');
  if (lookup?.result !== 0 || String(at(lookup.data, 'uid')) !== String(uid)) return undefined;
  return oneBan(uid, value, 'answered status', at(lookup.data, 'status'), 'checkDisplayId answered status');
};
export const lookupBanAgreesWithRow: Judge = (value, ctx) => {
  const row = ctx.steps.checkUid;
  const uid = at(ctx.answer, 'uid');
  if (row?.result !== 0 || String(at(row.data, 'user.uid')) !== String(uid)) return undefined;
  return oneBan(uid, value, 'answered status', at(row.data, 'user.status'), 'checkUid answered user.status');
};

/** SPEC §3: a fake wallet card has source_id apple_pay, last4 0000, bin 000000. */
export const walletCardAsSpec: Judge = (value) => {
  if (!Array.isArray(value)) return undefined;
  const wrong = value
    .map((card, i) => ({ i, last4: at(card, 'last4'), bin: at(card, 'bin'), id: at(card, 'source_id') }))
    .filter(({ id, last4, bin }) => id === 'apple_pay' && (last4 !== '0000' || bin !== '000000'));
  if (wrong.length === 0) return undefined;
  return wrong
    .map(
      ({ i, last4, bin }) =>
        `entry ${i} (source_id "apple_pay") has last4 ${shown(last4)} and bin ${shown(bin)}, but a wallet card has last4 "0000" and bin "000000" (SPEC §3 saved card)`,
    )
    .join('; ');
};

/** The saved-card fields a fixtures file may give that the list must show as given (TESTDATA saved cards). */
const CARD_FIELDS = ['last4', 'bin', 'scheme', 'fingerprint', 'is_remember', 'is_bank_expire'];

/**
 * The saved cards the fixtures name (`savedCard.<name>`), when listed, at the fields the fixtures give: a
 * remembered card listed forgotten, a bank-expired one listed valid, is not the backend the fixtures describe
 * (TESTDATA "Saved cards of 10000001"; SPEC §3 saved card). A named card may be missing (deleted since).
 */
export const cardsAsNamed: Judge = (value, ctx) => {
  if (!Array.isArray(value)) return undefined;
  const named = Object.entries((at(ctx.fixtures, 'savedCard') ?? {}) as Record<string, unknown>);
  const lines: string[] = [];
  for (const [name, fixture] of named) {
    const id = at(fixture, 'source_id');
    const entry = value.find((item) => id !== undefined && String(at(item, 'source_id')) === String(id));
    if (entry === undefined) continue;
    for (const field of CARD_FIELDS) {
      const want = at(fixture, field);
      const got = at(entry, field);
      if (want !== undefined && got !== undefined && String(got) !== String(want))
        lines.push(
          `lists ${shown(id)} with ${field} ${shown(got)}, but the fixtures' savedCard.${name}.${field} is ${shown(want)}`,
        );
    }
  }
  return lines.length === 0
    ? undefined
    : `${lines.join('; ')}: the saved cards are not the ones the fixtures name`;
};

/**
 * SPEC §3 history entry: first_fill_time and last_fill_time are in seconds; the first fill is not after the
 * last, and the last is not in the future (a time in milliseconds reads as one far in the future).
 */
export const fillTimesInOrder: Judge = (value, ctx: AgreementContext) => {
  if (!Array.isArray(value)) return undefined;
  const nowS = Math.floor(ctx.clock.now / 1000);
  const DAY_S = 24 * 3600;
  const lines: string[] = [];
  value.forEach((row, i) => {
    const first = at(row, 'first_fill_time');
    const last = at(row, 'last_fill_time');
    if (typeof first !== 'number' || typeof last !== 'number') return;
    if (first > last) lines.push(`entry ${i} first_fill_time ${first} is after its last_fill_time ${last}`);
    if (last > nowS + DAY_S)
      lines.push(
        `entry ${i} last_fill_time ${last} (${iso(last)}) is more than a day after ${ctx.clock.name}`,
      );
  });
  if (lines.length === 0) return undefined;
  return `${lines.slice(0, 3).join('; ')}${lines.length > 3 ? ` and ${lines.length - 3} more` : ''}: fill times are seconds, the first not after the last, none in the future (SPEC §3 history entry)`;
};

/**
 * The fine the fixtures name outstanding (TESTDATA Fines: 7001 unpaid, its account banned until it is paid;
 * SPEC §1: a fine is paid to unban an account banned after a refund) is unpaid, and its account banned.
 */
const isOutstanding = (ctx: AgreementContext) => {
  const id = at(ctx.fixtures, 'fine.outstanding.id');
  return id !== undefined && String(at(ctx.params, 'id')) === String(id);
};
export const outstandingUnpaid: Judge = (value, ctx) =>
  !isOutstanding(ctx) || value === undefined || value === 'unpaid'
    ? undefined
    : `answered ${shown(value)} for fine.outstanding, the fine the writes order: it is unpaid (TESTDATA Fines; a paid fine cannot be ordered again)`;
export const outstandingBanned: Judge = (value, ctx) =>
  !isOutstanding(ctx) || value !== false || at(ctx.answer, 'status') !== 'unpaid'
    ? undefined
    : 'answered false for an unpaid fine.outstanding: its account stays banned until the fine is paid (SPEC §1: a fine is paid to unban an account banned after a refund; TESTDATA Fines)';

/**
 * TESTDATA Wallet: the token `wallet:success` (the fixtures' wallet.success) pays at once; SPEC §4 wallet flow:
 * 0 means success. Any other code for it says the payment failed or is pending when it was paid.
 */
export const paidBySuccessToken: Judge = (value, ctx) => {
  const token = at(ctx.fixtures, 'wallet.success.token');
  if (token === undefined || at(ctx.params, 'apple_pay_token') !== token || value === 0) return undefined;
  return `answered code ${shown(value)} (fail_detail ${shown(at(ctx.answer, 'fail_detail'))}) for the fixtures' wallet.success token, which pays at once (TESTDATA Wallet): a paid payment answers code 0 (SPEC §4 wallet flow)`;
};
