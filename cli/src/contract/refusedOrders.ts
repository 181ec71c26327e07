import { at, shown } from './agreementJudges';
import { read } from './paidReadBack';
import { answeredOk, type Probe, type ProbeFindings } from './probeFindings';
import { REFUSED_ACCOUNTS } from './refusedAccounts';

/** What an order asked for a refused account answered: its result, and the order id when one was made. */
export interface OrderSaid {
  readonly result?: number;
  readonly orderId?: unknown;
  /** Why there was no answer, when there was none. */
  readonly why?: string;
}

/**
 * The problem line when an order for an account that cannot be topped up was not refused with its state's
 * code; undefined when it was. A 0 is the worst: an order made, so a payment could follow.
 */
export function judgeRefusedOrder(
  name: string,
  code: number,
  state: string,
  uid: unknown,
  rechargeId: unknown,
  said: OrderSaid,
): string | undefined {
  if (said.result === code) return undefined;
  const answered =
    said.result === undefined
      ? `no answer (${said.why ?? 'not sent'})`
      : said.result === 0
        ? `0 (order ${shown(said.orderId)} made), so it could be paid`
        : String(said.result);
  return `ordered ${shown(rechargeId)} for the fixtures' account.${name} (uid ${shown(uid)}), it answered ${answered}: top-up is refused for ${state}, with ${code} (SPEC §4 account states, §8 codes; TESTDATA Accounts)`;
}

/**
 * createCoinPay, answered with an order (so only under --writes: it is a write), is asked again for each
 * account the fixtures name banned, deactivated or deactivating, with the same package, pay type and device:
 * each must be refused with its state's code, as its lookup is (refusedAccounts.ts), else a backend that
 * refused only the lookup would take their money. A backend that refuses them makes no order; one that does
 * not is failed for it. An account the fixtures do not name is noted as not checked.
 */
export const refusedOrderProblems: Probe = async (call, judged, params, fixtures, target) => {
  const found: ProbeFindings = { problems: [], notChecked: [] };
  if (call !== 'createCoinPay' || !answeredOk(judged)) return found;
  for (const [name, code, state] of REFUSED_ACCOUNTS) {
    const uid = at(fixtures, `account.${name}.uid`);
    if (uid === undefined) {
      found.notChecked.push(
        `an order for ${state} refused with ${code}: the fixtures give no account.${name}.uid to order for`,
      );
      continue;
    }
    const answer = await read('createCoinPay', { ...params, uid }, target);
    const result = answer?.envelope?.result;
    const said: OrderSaid = {
      ...(result === undefined ? { why: answer?.problems[0]?.message ?? 'not sent' } : { result }),
      orderId: at(answer?.data, 'order_id'),
    };
    const message = judgeRefusedOrder(name, code, state, uid, params.recharge_id, said);
    if (message !== undefined) found.problems.push({ kind: 'meaning', field: 'result', message });
  }
  return found;
};
