import type { CallName } from '@topup/contracts';
import { type AgreementContext, at, type Judge, type Source, shown } from './agreementJudges';

/**
 * More judges of the agreement rules (agreement.ts): who owns what an answer lists, what a write answers
 * given what it was sent, and what two answers about one thing must both say.
 */

/** The first of two sources that is known (what was sent, else what an earlier answer said). */
export const either = (first: Source, second: Source): Source => ({
  read: (ctx) => first.read(ctx) ?? second.read(ctx),
  what: `${first.what} (else ${second.what})`,
});

/** A field of the fixtures account whose `key` is the one asked for (the display id of the uid looked up). */
export const lookupOfAccount = (key: string, field: string): Source => ({
  read: (ctx) => {
    const wanted = at(ctx.params, key);
    if (wanted === undefined) return undefined;
    const accounts = Object.values((at(ctx.fixtures, 'account') ?? {}) as Record<string, unknown>);
    return at(
      accounts.find((account) => String(at(account, key)) === String(wanted)),
      field,
    );
  },
  what: `the fixtures' ${field} of the account whose ${key} was asked for`,
});

/** The value as 0/1, for a flag the request sends as a boolean and the answer gives as an int. */
export const asFlag = (source: Source): Source => ({
  read: (ctx) => {
    const value = source.read(ctx);
    return typeof value === 'boolean' ? Number(value) : value;
  },
  what: source.what,
});

/** Each entry of a list has `key` equal to the source's value (or 0, when `zeroAllowed`: none signed in). */
export const eachEntryOf =
  (key: string, source: Source, meaning: string, zeroAllowed = false): Judge =>
  (value, ctx) => {
    const expected = source.read(ctx);
    if (!Array.isArray(value) || expected === undefined || expected === null) return undefined;
    const others = value
      .map((item, i) => ({ i, got: at(item, key) }))
      .filter(
        ({ got }) => got !== undefined && String(got) !== String(expected) && !(zeroAllowed && got === 0),
      );
    if (others.length === 0) return undefined;
    const shownOthers = others
      .slice(0, 3)
      .map(({ i, got }) => `entry ${i} ${key} ${shown(got)}`)
      .join(', ');
    return `${shownOthers}${others.length > 3 ? ` and ${others.length - 3} more` : ''}, but ${source.what} is ${shown(expected)}: ${meaning}`;
  };

/** A history entry's target fields, each with the fixtures account field it is (SPEC §3 pay-target record). */
const TARGET_FIELDS = [
  ['to_uid', 'uid'],
  ['to_display_uid', 'display_uid'],
  ['to_nickname', 'nickname'],
] as const;

/**
 * Each history entry's target is one account: the fixtures account with its to_uid (else its to_display_uid)
 * has the entry's other target fields, as far as the fixtures give them. An entry that pairs one account's
 * uid with another's display id or nickname shows the payer a target they did not top up.
 */
export const targetsAsNamed: Judge = (value, ctx) => {
  if (!Array.isArray(value)) return undefined;
  const accounts = Object.entries((at(ctx.fixtures, 'account') ?? {}) as Record<string, unknown>);
  const lines: string[] = [];
  value.forEach((entry, i) => {
    for (const [key, keyed] of TARGET_FIELDS.slice(0, 2)) {
      const id = at(entry, key);
      const found = accounts.find(([, a]) => id !== undefined && String(at(a, keyed)) === String(id));
      if (found === undefined) continue;
      const [name, account] = found;
      const wrong = TARGET_FIELDS.filter(([mine, theirs]) => {
        const want = at(account, theirs);
        return (
          want !== undefined && at(entry, mine) !== undefined && String(want) !== String(at(entry, mine))
        );
      });
      if (wrong.length > 0)
        lines.push(
          `entry ${i} (${key} ${shown(id)}) has ${wrong.map(([mine]) => `${mine} ${shown(at(entry, mine))}`).join(' and ')}, but the fixtures' account.${name} has ${wrong.map(([, theirs]) => `${theirs} ${shown(at(account, theirs))}`).join(' and ')}`,
        );
      return;
    }
  });
  if (lines.length === 0) return undefined;
  return `${lines.slice(0, 3).join('; ')}${lines.length > 3 ? ` and ${lines.length - 3} more` : ''}: an entry is one target's record, its uid, display id and nickname that account's (SPEC §3 pay-target record)`;
};

/**
 * The packages the fixtures name (`package.<name>`) at the amount and coins the file gives, when listed; the
 * one the writes order (`ordered`, for the account the list is asked for) listed at all: a non-empty list
 * without it, or a package at another price, is not the backend the fixtures describe. Another named
 * package may be missing (a new-user-only one, SPEC §2).
 */
export const packagesAsNamed =
  (ordered: string): Judge =>
  (value, ctx) => {
    if (!Array.isArray(value) || value.length === 0) return undefined;
    const named = Object.entries((at(ctx.fixtures, 'package') ?? {}) as Record<string, unknown>);
    const lines: string[] = [];
    for (const [name, fixture] of named) {
      const id = at(fixture, 'recharge_id');
      if (id === undefined) continue;
      const entry = value.find((item) => String(at(item, 'recharge_id')) === String(id));
      if (entry === undefined) {
        if (name === ordered)
          lines.push(
            `does not list package.${name} (recharge_id ${shown(id)}), the package the writes order`,
          );
        continue;
      }
      for (const field of ['amount', 'coin']) {
        const want = at(fixture, field);
        const got = at(entry, field);
        if (want !== undefined && got !== undefined && Number(got) !== Number(want))
          lines.push(
            `lists ${shown(id)} at ${field} ${shown(got)}, but the fixtures' package.${name}.${field} is ${shown(want)}`,
          );
      }
    }
    return lines.length === 0
      ? undefined
      : `${lines.join('; ')}: the packages are not the ones the fixtures name`;
  };

/**
 * An account has one check status (SPEC §3): checkUserStatus's entry for the account checkDisplayId answered
 * holds the status checkDisplayId gave it (both asked with the same source). Whichever of the two is judged
 * second compares.
 */
const oneStatus = (uid: unknown, mine: unknown, other: string, theirs: unknown) =>
  mine === undefined || theirs === undefined || mine === theirs
    ? undefined
    : `answered status ${shown(mine)} for uid ${shown(uid)}, but ${other} answered status ${shown(theirs)} for it: an account has one check status (SPEC §3)`;
const sameSource = (ctx: AgreementContext, other: CallName) =>
  String(at(ctx.params, 'source')) === String(at(ctx.steps[other]?.params, 'source'));

export const mapAgreesWithLookup: Judge = (value, ctx) => {
  const lookup = ctx.steps.checkDisplayId;
  if (lookup?.result !== 0 || !sameSource(ctx, 'checkDisplayId')) return undefined;
  const uid = at(lookup.data, 'uid');
  return oneStatus(uid, at(at(value, String(uid)), 'status'), 'checkDisplayId', at(lookup.data, 'status'));
};
export const lookupAgreesWithMap: Judge = (value, ctx) => {
  const map = ctx.steps.checkUserStatus;
  if (map?.result !== 0 || !sameSource(ctx, 'checkUserStatus')) return undefined;
  const uid = at(ctx.answer, 'uid');
  return oneStatus(uid, value, 'checkUserStatus', at(at(at(map.data, 'user_map'), String(uid)), 'status'));
};

/** Count of the cards an earlier getCardSource listed with the fingerprint asked for: what a delete deletes. */
export const deletedAsListed: Judge = (value, ctx) => {
  const fingerprint = at(ctx.params, 'fingerprint');
  const listed = ctx.steps.getCardSource;
  const items = at(listed?.data, 'items');
  if (listed?.result !== 0 || !Array.isArray(items) || typeof value !== 'number') return undefined;
  // the delete and the list are both the session's own cards
  if (String(at(listed?.params, 'session_key')) !== String(at(ctx.params, 'session_key'))) return undefined;
  const count = items.filter((card) => at(card, 'fingerprint') === fingerprint).length;
  return value === count
    ? undefined
    : `answered ${value} deleted, but getCardSource listed ${count} card${count === 1 ? '' : 's'} with the fingerprint asked for (${shown(fingerprint)}): a delete deletes the cards with that fingerprint`;
};

/** What pays an order at creation: a card token, a saved card, a CVV token or provider data (SPEC §7). */
const PAYING_FIELDS = ['token', 'cvv_token', 'source_id', 'platform_data'];

/** An order created with nothing that could pay it (a wallet order before its token) is not paid yet. */
export const notPaidAtCreate: Judge = (value, ctx) => {
  if (value !== 'paid' || PAYING_FIELDS.some((f) => at(ctx.params, f) !== undefined)) return undefined;
  const payType = at(ctx.params, 'pay_type');
  return `answered "paid" for an order created with no card, token or provider data${payType === undefined ? '' : ` (pay type ${shown(payType)})`}: nothing has paid it yet (SPEC §4: an order is made, then paid by its card, its wallet's payment token or the provider's page)`;
};

/** The failure details of SPEC §8: a payment answered paid carries none of them. */
const FAILURE_DETAILS = [
  'Insufficient Funds or Exceeds Amount Limits',
  '3ds_authentication_failure',
  'pending',
  'channel_user_risk',
  'userCancel',
  'time_out',
  'default',
];
export const noFailureWhenPaid: Judge = (value, ctx) => {
  const code = at(ctx.answer, 'code');
  if (code !== 0 || typeof value !== 'string' || !FAILURE_DETAILS.includes(value)) return undefined;
  return `answered code 0 (paid) with the failure detail ${shown(value)} (SPEC §8): a payment is paid or failed, not both`;
};

/**
 * The saved card an order was paid with (SPEC §7): for the order this run made with no saved card, and not
 * paid yet, none; a wallet token (bin 000000, SPEC §3) is no saved card of anyone.
 */
export const noCardForCardlessOrder: Judge = (value, ctx) => {
  const sent = ctx.steps.createCoinPay?.params;
  if (value === null || value === undefined || sent === undefined || at(sent, 'source_id') !== undefined)
    return undefined;
  if (at(value, 'bin') === '000000') return undefined;
  return `answered the saved card ${shown(at(value, 'source_id'))} (uid ${shown(at(value, 'uid'))}), but the order this run made was made with no saved card (createCoinPay sent no source_id) and is not paid yet: it is another payment's card`;
};

/** The room the fixtures name live (TESTDATA Rooms) has a status: its full refresh is no unknown room's sn -1. */
export const liveRoomKnown: Judge = (value, ctx) => {
  const live = at(ctx.fixtures, 'room.live.id');
  if (live === undefined || String(at(ctx.params, 'rid')) !== String(live) || value !== -1) return undefined;
  return `answered sn -1 (no status) for room ${shown(live)}, the fixtures' live room: a live room's full refresh has its status (SPEC §4 room status sync: sn -1 is a client that has none)`;
};
