import type { CallName } from '@topup/contracts';
import { sendCall } from '../http/client';
import { tryEncodeParams } from '../http/encode';
import { at } from './agreementJudges';
import { type JudgedAnswer, judgeAnswer, type Problem } from './conformance';
import { type StepAnswers, stepsNeeded } from './prepare';

/** SPEC §9: the wallet status poll asks every 500 ms; the read-back asks a pending order a few times. */
const READ_BACK_TRIES = 4;
const READ_BACK_MS = 500;
/** A history row's last_fill_time (seconds) more than this off the clock is not the payment just made. */
const DAY_S = 24 * 3600;

export interface ReadBackTarget {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  /** The session the order was made with (x-session-key): its reads keep it, as the app's do. */
  readonly sessionKey?: string;
  /** The device the history is read from (the fixtures' h5_deviceid). */
  readonly deviceId?: string;
  /** The clock the payment time is held to, in ms. */
  readonly now: number;
}

/**
 * The session a call on the order this run makes carries (`ordering`: --writes with createCoinPay in the
 * run): account.reem's, so the order is that payer's and lands in their history. Undefined for any other call.
 */
export function runOrderSession(
  call: CallName,
  ordering: boolean,
  scope: Readonly<Record<string, unknown>>,
): string | undefined {
  const key = at(scope, 'account.reem.session_key');
  if (!ordering || typeof key !== 'string') return undefined;
  return call === 'createCoinPay' || stepsNeeded(call, true).includes('createCoinPay') ? key : undefined;
}

const wait = () => new Promise((resolve) => setTimeout(resolve, READ_BACK_MS));

/** One call sent again after a write, judged against its contract (undefined: its parameters do not encode). */
export async function read(
  call: CallName,
  params: Record<string, unknown>,
  target: Omit<ReadBackTarget, 'now'>,
) {
  const encoded = tryEncodeParams(call, params);
  if (!encoded.ok) return undefined;
  const raw = await sendCall(target.baseUrl, call, encoded.wire, {
    timeoutMs: target.timeoutMs,
    ...(target.sessionKey === undefined ? {} : { headers: { 'x-session-key': target.sessionKey } }),
  });
  return judgeAnswer(call, raw);
}

/** What a payResultByOrderFast read said: undefined when it said paid (0). */
async function fastResult(
  order: string,
  target: ReadBackTarget,
): Promise<{ said?: string; pending: boolean }> {
  const answer = await read('payResultByOrderFast', { zp_orderid: order }, target);
  if (answer === undefined) return { said: 'no answer', pending: false };
  const result = answer.envelope?.result;
  const fast = at(answer.data, 'result');
  if (answer.problems.length === 0 && result === 0 && fast === 0) return { pending: false };
  return {
    said:
      result === 0
        ? `result ${JSON.stringify(fast)}`
        : `the refusal ${result ?? answer.problems[0]?.message}`,
    pending: result === 0 && fast === -1,
  };
}

/**
 * A wallet payment answered paid (adyenVerifyPay code 0) is then read back: payResultByOrderFast for the same
 * order must say 0 (SPEC §4 wallet flow: 0 means success), after at most a few pending (-1) answers; the
 * payer's recharge history must then list the target paid for (SPEC §3 history entry: its to_uid, with one
 * more fill than before the payment and a last_fill_time of now); and the order, read again after that, must
 * still be paid (a paid order never goes back to pending).
 */
export async function paidReadBack(
  call: CallName,
  judged: JudgedAnswer,
  steps: Readonly<StepAnswers>,
  target: ReadBackTarget,
): Promise<Problem[]> {
  const order = at(steps.createCoinPay?.data, 'order_id');
  if (call !== 'adyenVerifyPay' || judged.problems.length > 0 || judged.envelope?.result !== 0) return [];
  if (at(judged.data, 'code') !== 0 || typeof order !== 'string') return [];
  const problem = (field: string, message: string): Problem[] => [{ kind: 'meaning', field, message }];
  let said: string | undefined = 'no answer';
  for (let i = 0; i < READ_BACK_TRIES && said !== undefined; i += 1) {
    if (i > 0) await wait();
    const now = await fastResult(order, target);
    said = now.said;
    if (!now.pending) break;
  }
  if (said !== undefined)
    return problem(
      'data.code',
      `answered code 0 (paid), but payResultByOrderFast then answered ${said} for the same order: a paid order reads as paid (0)`,
    );
  const history = await historyProblem(steps, target);
  if (history !== undefined) return problem('history', `answered code 0 (paid), but ${history}`);
  const again = await fastResult(order, target);
  if (again.said !== undefined)
    return problem(
      'data.code',
      `answered code 0 (paid), and payResultByOrderFast said paid (0), but read again it answered ${again.said} for the same order: a paid order stays paid`,
    );
  return [];
}

interface HistoryRow {
  readonly fill_times: number;
  readonly last_fill_time: number;
}

function rowFor(data: unknown, toUid: number): HistoryRow | undefined {
  const list = at(data, 'list');
  if (!Array.isArray(list)) return undefined;
  return list.find((row) => Number(at(row, 'to_uid')) === toUid) as HistoryRow | undefined;
}

/**
 * Why the payer's history after the payment does not show it, or undefined. Read a few times (a history
 * may be written just after the result). Not checked without the session or device the history is read with.
 */
async function historyProblem(
  steps: Readonly<StepAnswers>,
  target: ReadBackTarget,
): Promise<string | undefined> {
  const toUid = Number(steps.createCoinPay?.params?.uid);
  if (target.sessionKey === undefined || target.deviceId === undefined || !Number.isInteger(toUid))
    return undefined;
  const before =
    steps.rechargeFillRecord?.result === 0 ? rowFor(steps.rechargeFillRecord.data, toUid) : undefined;
  const nowS = Math.floor(target.now / 1000);
  let why = 'rechargeFillRecord did not answer';
  for (let i = 0; i < READ_BACK_TRIES; i += 1) {
    if (i > 0) await wait();
    const answer = await read(
      'rechargeFillRecord',
      { session_key: target.sessionKey, h5_deviceid: target.deviceId },
      target,
    );
    const result = answer?.envelope?.result;
    if (answer === undefined || answer.problems.length > 0 || result !== 0) {
      why = `rechargeFillRecord then answered ${result === 0 ? answer?.problems[0]?.message : `the refusal ${result ?? answer?.problems[0]?.message}`}`;
      break;
    }
    const row = rowFor(answer.data, toUid);
    const listed = at(answer.data, 'list');
    const count = Array.isArray(listed) ? listed.length : 0;
    if (row === undefined) {
      why = `rechargeFillRecord then listed no entry for uid ${toUid}, the target of the order paid (${count} entries): the payer's history shows the target just paid for`;
      continue;
    }
    if (before !== undefined && row.fill_times <= before.fill_times) {
      why = `rechargeFillRecord then answered fill_times ${row.fill_times} for uid ${toUid}, as before the payment (${before.fill_times}): a paid top-up counts one more`;
      continue;
    }
    if (Math.abs(row.last_fill_time - nowS) > DAY_S) {
      why = `rechargeFillRecord then answered last_fill_time ${row.last_fill_time} for uid ${toUid} (${new Date(row.last_fill_time * 1000).toISOString()}), more than a day from the payment just made`;
      continue;
    }
    return undefined;
  }
  return why;
}
