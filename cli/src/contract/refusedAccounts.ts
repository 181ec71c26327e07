import { ServerCode } from '@topup/contracts';
import { at, shown } from './agreementJudges';
import { read } from './paidReadBack';
import type { Probe, ProbeFindings } from './probeFindings';

/**
 * The accounts that cannot be topped up, by the fixtures' name, and the refusal their display id is looked up
 * with: SPEC §4 account states (banned, cancelled, cancelling: top-up is refused for each); SPEC §8 and
 * TESTDATA Accounts: 20001 banned, 20186 deactivated, the deactivating code the project defines (20187).
 */
export const REFUSED_ACCOUNTS: readonly (readonly [name: string, code: number, state: string])[] = [
  ['banned', ServerCode.banned, 'a banned account'],
  ['deactivated', ServerCode.deactivated, 'a deactivated account'],
  ['deactivating', ServerCode.deactivating, 'an account being deactivated'],
];

/**
 * checkDisplayId, answered as its contract says for the account it was asked, is asked again for each
 * account the fixtures name banned, deactivated or deactivating (its `display_uid`, the source the run asked
 * with): each must be refused with its state's code, else the page would let that account be topped up. One
 * problem line per account answered otherwise; an account the fixtures do not name is noted as not checked.
 */
export const refusedAccountProblems: Probe = async (call, judged, params, fixtures, target) => {
  const found: ProbeFindings = { problems: [], notChecked: [] };
  if (call !== 'checkDisplayId' || judged.problems.length > 0 || judged.envelope === undefined) return found;
  for (const [name, code, state] of REFUSED_ACCOUNTS) {
    const displayId = at(fixtures, `account.${name}.display_uid`);
    if (displayId === undefined) {
      found.notChecked.push(
        `${state} refused with ${code}: the fixtures give no account.${name}.display_uid to ask for`,
      );
      continue;
    }
    const answer = await read('checkDisplayId', { ...params, display_id: String(displayId) }, target);
    const result = answer?.envelope?.result;
    if (result === code) continue;
    const said =
      result === undefined
        ? `no answer (${answer?.problems[0]?.message ?? 'not sent'})`
        : result === 0
          ? `0 (found${at(answer?.data, 'status') === undefined ? '' : `, status ${shown(at(answer?.data, 'status'))}`}), so the page would let it be topped up`
          : String(result);
    found.problems.push({
      kind: 'meaning',
      field: 'result',
      message: `asked for the fixtures' account.${name} (display id ${shown(String(displayId))}), it answered ${said}: ${state} is refused with ${code} (SPEC §4 account states, §8 codes; TESTDATA Accounts)`,
    });
  }
  return found;
};
