import {
  type CallName,
  CheckoutCvvTokenSchema,
  type PayType,
  payTypeInfo,
  ServerCode,
  SimulatorPath,
} from '@topup/contracts';
import fc from 'fast-check';
import type { z } from 'zod/mini';
import { judgeAnswer } from '../contract/conformance';
import { sendJson } from '../http/client';
import { contractOf, tryEncodeParams } from '../http/encode';
import { mask } from '../report/mask';
import type { FixtureValue } from '../scenario/fixtures';
import { hostileText, requestFields } from './arbitraries';
import { curlLine } from './curl';
import type { FuzzProblem } from './judge';
import { bodyExcerpt, type Pacer, sendFuzzed } from './send';

/**
 * The stateful sequence: sign in → saved cards → packages → create order → pay result → cancel, each call
 * fed what the one before it returned, and on the caller's own session and device. What one call returns
 * must be accepted by the next: a refusal that says "bad parameter", "logged out", "no such order" or "no
 * such account" there is a failure, as is any answer outside its contract.
 */
export const SEQUENCE: readonly CallName[] = [
  'accountLogin',
  'getCardSource',
  'getRechargeListV3',
  'createCoinPay',
  'payResultByOrderFast',
  'clickCancel',
];

/** Codes that mean the next call refused what the previous one returned. */
const REFUSED_HANDOVER: ReadonlySet<number> = new Set([
  ServerCode.invalidParam,
  ServerCode.loggedOut,
  ServerCode.orderNotFound,
  ServerCode.accountNotFound,
]);

export interface SequenceFailure {
  readonly step: number;
  readonly call: CallName;
  readonly problems: readonly FuzzProblem[];
  readonly params: Record<string, unknown>;
  readonly curl: string;
  readonly answer: { readonly status: number; readonly result?: number; readonly body: string };
  readonly shrinks: number;
}

export interface SequenceReport {
  readonly calls: readonly CallName[];
  readonly runs: number;
  /** Runs that reached the cancel. */
  readonly completed: number;
  /** The pay types of the orders that reached the cancel. */
  readonly payTypes: readonly number[];
  /** Runs the backend ended early with a business refusal (a declined pay type, say). */
  readonly stopped: number;
  readonly ms: number;
  readonly passed: boolean;
  readonly failure?: SequenceFailure;
}

export interface SequenceOptions {
  readonly baseUrl: string;
  readonly seed: number;
  readonly runs: number;
  readonly timeoutMs: number;
  readonly pacer: Pacer;
  /** signIn.password (display_uid, password) and device (h5_deviceid, uuid). */
  readonly fixtures: Readonly<Record<string, FixtureValue>>;
  readonly reset?: () => Promise<void>;
}

class StepFailed extends Error {
  constructor(readonly failure: Omit<SequenceFailure, 'shrinks'>) {
    super(`${failure.call}: ${failure.problems.map((p) => p.message).join('; ')}`);
  }
}

const choices = fc.record({
  card: fc.option(fc.nat(), { nil: undefined }),
  pkg: fc.nat(),
  method: fc.nat(),
  reason: hostileText(0, 40),
});

/** A single-use CVV token from the mock's provider 13 simulator, for paying with a saved card. */
async function cvvTokenOf(baseUrl: string): Promise<string | undefined> {
  const answer = await sendJson(baseUrl, 'POST', SimulatorPath.checkoutCvv, { cvv: '123' });
  const parsed = CheckoutCvvTokenSchema.safeParse(answer.body);
  return parsed.success ? parsed.data.token : undefined;
}

const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

export async function runSequence(options: SequenceOptions): Promise<SequenceReport> {
  const started = performance.now();
  const signIn = options.fixtures['signIn.password'] ?? {};
  const device = options.fixtures.device ?? {};
  let completed = 0;
  let stopped = 0;
  let runs = 0;
  const payTypes = new Set<number>();
  let last: Omit<SequenceFailure, 'shrinks'> | undefined;

  // What every step may be given by field name: the caller's own session and device.
  const context: Record<string, unknown> = { h5_deviceid: device.h5_deviceid, uuid: device.uuid };
  let step = 0;
  const call = async (name: CallName, params: Record<string, unknown>) => {
    step += 1;
    const filled: Record<string, unknown> = { ...params };
    for (const { name: field } of requestFields(contractOf(name).request as z.core.$ZodType)) {
      if (filled[field] === undefined && context[field] !== undefined) filled[field] = context[field];
    }
    const encoded = tryEncodeParams(name, filled);
    if (!encoded.ok) {
      throw new StepFailed({
        step,
        call: name,
        problems: [{ kind: 'data', message: `what the previous calls returned: ${encoded.error}` }],
        params: filled,
        curl: '',
        answer: { status: 0, body: '' },
      });
    }
    // Signed in, every call carries the session header as the app's request layer sends it (SPEC §7).
    const headers: Record<string, string> =
      typeof context.session_key === 'string' ? { 'x-session-key': context.session_key } : {};
    const raw = await sendFuzzed(
      options.baseUrl,
      name,
      encoded.wire,
      options.pacer,
      options.timeoutMs,
      headers,
    );
    const judged = judgeAnswer(name, raw);
    const result = judged.envelope?.result;
    const problems: FuzzProblem[] = [...judged.problems];
    if (result !== undefined && REFUSED_HANDOVER.has(result)) {
      problems.push({
        kind: 'invalid-accepted',
        field: 'result',
        message: `${name} refused what the calls before it returned (result ${result}: ${judged.envelope?.message ?? ''})`,
      });
    }
    if (problems.length > 0) {
      throw new StepFailed({
        step,
        call: name,
        problems,
        params: filled,
        curl: curlLine(options.baseUrl, name, encoded.wire, headers),
        answer: {
          status: raw.status,
          ...(result === undefined ? {} : { result }),
          body: raw.networkError ?? bodyExcerpt(raw.body),
        },
      });
    }
    return { result: result ?? -1, data: judged.data as Record<string, unknown> };
  };

  // One sign-in for all runs: the sign-in calls are rate limited, and every run is this caller's session.
  await options.reset?.();
  try {
    const login = await call('accountLogin', { display_uid: signIn.display_uid, password: signIn.password });
    const session = login.data as { session_key?: string; user?: { uid?: number } };
    if (login.result !== 0 || session.session_key === undefined) {
      throw new StepFailed({
        step: 1,
        call: 'accountLogin',
        problems: [
          { kind: 'invalid-accepted', message: `the fixture account's sign-in answered ${login.result}` },
        ],
        params: { display_uid: signIn.display_uid },
        curl: '',
        answer: { status: 200, result: login.result, body: '' },
      });
    }
    context.session_key = session.session_key;
    context.uid = session.user?.uid;
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    const ms = Math.round(performance.now() - started);
    const failure = { ...mask(error.failure), shrinks: 0 };
    return { calls: SEQUENCE, runs: 0, completed: 0, stopped: 0, payTypes: [], ms, passed: false, failure };
  }

  const property = fc.asyncProperty(choices, async (choice) => {
    runs += 1;
    step = 1;
    try {
      const cards = await call('getCardSource', {});
      const items = ((cards.data as { items?: { source_id: string; bin: string }[] }).items ?? []).filter(
        (card) => card.bin !== '000000',
      );
      const packages = await call('getRechargeListV3', { source: 1 });
      type Package = { recharge_id: string; payItemDisplayMethods: { methods: { subType: number }[] }[] };
      const pkg = pick((packages.data as { list: Package[] }).list, choice.pkg);
      if (pkg === undefined) {
        stopped += 1;
        return true;
      }
      // Card-frame types need a card entered in the provider's frame, which only a browser has; provider 13
      // pays with a saved card and the CVV token of its simulator.
      const usable = pkg.payItemDisplayMethods
        .flatMap((group) => group.methods)
        .filter((m) => {
          const info = payTypeInfo[m.subType as PayType];
          return info !== undefined && (!info.cardFrame || (m.subType === 23 && items.length > 0));
        });
      const method = pick(usable, choice.method);
      if (method === undefined) {
        stopped += 1;
        return true;
      }
      const card = method.subType === 23 ? pick(items, choice.card ?? 0) : undefined;
      const cvvToken = card === undefined ? undefined : await cvvTokenOf(options.baseUrl);
      const order = await call('createCoinPay', {
        recharge_id: pkg.recharge_id,
        pay_type: method.subType,
        source: 1,
        ...(card === undefined ? {} : { source_id: card.source_id, cvv_token: cvvToken }),
        ext: { h5_deviceid: device.h5_deviceid, session_key: context.session_key },
      });
      if (order.result !== 0) {
        stopped += 1;
        return true;
      }
      const orderId = (order.data as { order_id: string }).order_id;
      await call('payResultByOrderFast', {
        zp_orderid: orderId,
        zp_h5deviceid: device.h5_deviceid,
        zp_pay_sub_type: method.subType,
      });
      await call('clickCancel', { app_order: orderId, reason: choice.reason });
      completed += 1;
      payTypes.add(method.subType);
      return true;
    } catch (error) {
      if (error instanceof StepFailed) {
        last = mask(error.failure);
        return false;
      }
      throw error;
    }
  });
  const details = await fc.check(property, { seed: options.seed, numRuns: options.runs });
  const ms = Math.round(performance.now() - started);
  const base = { calls: SEQUENCE, runs, completed, stopped, payTypes: [...payTypes].sort(), ms };
  if (!details.failed) {
    return { ...base, passed: completed > 0 || options.runs === 0 };
  }
  const failure: Omit<SequenceFailure, 'shrinks'> = last ?? {
    step: 0,
    call: 'accountLogin',
    problems: [{ kind: 'network', message: String(details.errorInstance ?? 'the sequence failed') }],
    params: {},
    curl: '',
    answer: { status: 0, body: '' },
  };
  return { ...base, passed: false, failure: { ...failure, shrinks: details.numShrinks } };
}
