import type { CallName } from '@topup/contracts';
import type { StepAnswers } from './prepare';

/** The sources and judges the agreement rules (agreement.ts) are written in. */

/** What a rule reads besides the answer: the request as sent, the fixtures (nested), the run's earlier answers. */
export interface AgreementContext {
  readonly params: Readonly<Record<string, unknown>>;
  readonly fixtures: Readonly<Record<string, unknown>>;
  readonly steps: Readonly<StepAnswers>;
  /** The order reads read the order this run's createCoinPay made (`--writes`). */
  readonly createdOrder: boolean;
  /** The clock a server time is held to (this machine's, or a mock's own), in milliseconds since the epoch. */
  readonly clock: { readonly now: number; readonly name: string };
  /** The answer's data itself, for a rule that compares two of its fields. */
  readonly answer?: unknown;
}

/** A value a rule compares with, and how the problem line names it; `undefined` when it is not known. */
export interface Source {
  readonly read: (ctx: AgreementContext) => unknown;
  readonly what: string;
}

/** Reads a field of the answer's data and returns the problem line, or undefined when it agrees. */
export type Judge = (value: unknown, ctx: AgreementContext) => string | undefined;

export interface Rule {
  /** Dot path into the answer's data (`user.uid`). */
  readonly field: string;
  readonly judge: Judge;
  /** Only when the order reads read the run's own order (under `--writes`). */
  readonly ownOrder?: true;
}

export const at = (value: unknown, path: string): unknown =>
  path === ''
    ? value
    : path
        .split('.')
        .reduce<unknown>(
          (node, key) =>
            node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
          value,
        );

export const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

// ---- where expected values come from

export const asked = (field: string, what: string): Source => ({
  read: (ctx) => at(ctx.params, field),
  what,
});
export const fixture = (path: string): Source => ({
  read: (ctx) => at(ctx.fixtures, path),
  what: `the fixtures' ${path}`,
});
export const sentIn = (call: CallName, field: string, what: string): Source => ({
  read: (ctx) => at(ctx.steps[call]?.params, field),
  what,
});
/** Another field of the same answer's data. */
export const thisAnswer = (field: string, what: string): Source => ({
  read: (ctx) => at(ctx.answer, field),
  what,
});
/** A field of the fixtures account whose `key` is the value of `by` (the account a session key belongs to). */
export const accountWhose = (key: string, by: Source, field: string): Source => ({
  read: (ctx) => {
    const wanted = by.read(ctx);
    if (wanted === undefined || wanted === null) return undefined;
    const accounts = Object.entries((at(ctx.fixtures, 'account') ?? {}) as Record<string, unknown>);
    const found = accounts.find(([, account]) => at(account, key) === wanted);
    return found === undefined ? undefined : at(found[1], field);
  },
  what: `the ${field} of the fixtures account whose ${key} was sent`,
});
/** A field of the list entry (in an earlier answer) whose `key` is the value of `by`. */
export const listedIn = (
  call: CallName,
  list: string,
  key: string,
  by: Source,
  field: string,
  what: string,
): Source => ({
  read: (ctx) => {
    const wanted = by.read(ctx);
    const items = at(ctx.steps[call]?.data, list);
    if (wanted === undefined || !Array.isArray(items)) return undefined;
    return at(
      items.find((item) => String(at(item, key)) === String(wanted)),
      field,
    );
  },
  what,
});
/** A field of the saved card the call was sent for (`source_id`), as getCardSource listed it earlier. */
export const listedCardField = (field: string): Source =>
  listedIn(
    'getCardSource',
    'items',
    'source_id',
    asked('source_id', ''),
    field,
    `getCardSource's ${field} of that card`,
  );

// ---- judges

/**
 * Equal to the source's value, compared as text (the schema already judged the type); a field the answer
 * leaves out (an optional one) is not judged.
 */
export const sameAs =
  (source: Source, meaning: string): Judge =>
  (value, ctx) => {
    const expected = source.read(ctx);
    if (expected === undefined || expected === null || value === undefined) return undefined;
    return String(value) === String(expected)
      ? undefined
      : `answered ${shown(value)}, but ${source.what} is ${shown(expected)}: ${meaning}`;
  };

/** As sameAs, for a secret (a session key): the line names what differs, never either value. */
export const sameSecretAs =
  (source: Source, meaning: string): Judge =>
  (value, ctx) => {
    const expected = source.read(ctx);
    if (expected === undefined || expected === null || value === undefined) return undefined;
    return String(value) === String(expected) ? undefined : `is not ${source.what}: ${meaning}`;
  };

const DAY_MS = 24 * 60 * 60 * 1000;
/** A server clock in milliseconds since the epoch, within a day of the clock the check holds it to. */
export const nearNow: Judge = (value, ctx) => {
  const { now, name } = ctx.clock;
  if (typeof value !== 'number') return undefined;
  if (Math.abs(value - now) <= DAY_MS) return undefined;
  const when =
    Number.isFinite(value) && Math.abs(value) < 8.64e15 ? new Date(value).toISOString() : 'no date';
  const seconds =
    Math.abs(value * 1000 - now) <= DAY_MS ? ' (it reads as seconds; the time is in milliseconds)' : '';
  return `answered ${value} (${when}), more than a day from ${name} (${new Date(now).toISOString()})${seconds}: a server time is milliseconds since the epoch, now`;
};

/** A list in which no entry's `key` appears twice. */
export const noDuplicate =
  (key: string): Judge =>
  (value) => {
    if (!Array.isArray(value)) return undefined;
    const seen = new Set<string>();
    const twice = new Set<string>();
    for (const item of value) {
      const id = at(item, key);
      if (id === undefined) continue;
      if (seen.has(String(id))) twice.add(String(id));
      seen.add(String(id));
    }
    return twice.size === 0
      ? undefined
      : `lists ${[...twice].map((id) => `${key} ${shown(id)}`).join(', ')} more than once: each entry is listed once`;
  };

/** A map holding an entry for each value the request named. */
export const entryForEach =
  (source: Source): Judge =>
  (value, ctx) => {
    const wanted = source.read(ctx);
    if (!Array.isArray(wanted) || value === null || typeof value !== 'object') return undefined;
    const missing = wanted.filter((id) => !Object.hasOwn(value, String(id)));
    if (missing.length === 0) return undefined;
    const keys = Object.keys(value);
    return `has no entry for ${missing.map(shown).join(', ')} (${source.what}); it answered ${keys.length === 0 ? 'none' : keys.map(shown).join(', ')}`;
  };

/** A non-empty list when the fixtures name something of `kind` that it lists (a package, a saved card). */
export const notEmptyWhenNamed =
  (kind: string, what: string): Judge =>
  (value, ctx) => {
    const named = Object.keys((at(ctx.fixtures, kind) ?? {}) as Record<string, unknown>);
    if (!Array.isArray(value) || value.length > 0 || named.length === 0) return undefined;
    return `is empty, but the fixtures name ${named.map((n) => `${kind}.${n}`).join(', ')}: ${what}`;
  };

/** The fast result of an order no one has paid yet: -1 (pending) or 1 (failed), never 0 (paid). */
export const notPaidYet: Judge = (value) =>
  value === 0
    ? 'answered 0 (paid) for the order this run just made and has not paid yet: it is -1 (pending) until paid'
    : undefined;

/** A decline beside a fast result that says the same order was paid. */
export const noDeclineWhenPaid: Judge = (value, ctx) => {
  const fast = at(ctx.steps.payResultByOrderFast?.data, 'result');
  if (fast !== 0 || typeof value !== 'string' || value === '') return undefined;
  return `answered the decline ${shown(value)}, but payResultByOrderFast answered 0 (paid) for the same order: an order is paid or declined, not both`;
};
