import type { CallName } from '@topup/contracts';
import { at, shown } from './agreementJudges';
import type { Problem } from './conformance';
import { type ReadBackTarget, read } from './paidReadBack';
import { answeredOk, type Probe, type ProbeFindings } from './probeFindings';

/** SPEC §3 user row: "status (2 means banned)"; TESTDATA Accounts: 10000003 banned (user status 2). */
const BANNED_USER_STATUS = 2;

type Answer = Awaited<ReturnType<typeof read>>;

/** What an answer that is not a success said: its result, or why there was none. */
export function notFound(answer: Answer): string {
  const result = answer?.envelope?.result;
  return result === undefined ? `no answer (${answer?.problems[0]?.message ?? 'not sent'})` : String(result);
}

const problem = (message: string): Problem => ({ kind: 'meaning', field: 'result', message });

/**
 * checkDisplayId asked again for the fixtures' account.guest: TESTDATA Accounts: 10000006 is a guest
 * (is_guest true), found, and the app refuses to top it up by that flag; an answer that says false would
 * let a guest be topped up. Its uid, when the fixtures give it, is the one answered.
 */
async function guestProbe(
  params: Readonly<Record<string, unknown>>,
  fixtures: Readonly<Record<string, unknown>>,
  target: Omit<ReadBackTarget, 'now'>,
  found: ProbeFindings,
): Promise<void> {
  const displayId = at(fixtures, 'account.guest.display_uid');
  if (displayId === undefined) {
    found.notChecked.push(
      'a guest answered is_guest true: the fixtures give no account.guest.display_uid to ask for',
    );
    return;
  }
  const answer = await read('checkDisplayId', { ...params, display_id: String(displayId) }, target);
  const asked = `asked for the fixtures' account.guest (display id ${shown(String(displayId))})`;
  if (answer?.envelope?.result !== 0) {
    found.problems.push(
      problem(
        `${asked}, it answered ${notFound(answer)}: a guest is found, with is_guest true (TESTDATA Accounts)`,
      ),
    );
    return;
  }
  const isGuest = at(answer.data, 'is_guest');
  if (isGuest !== true)
    found.problems.push({
      ...problem(
        `${asked}, it answered is_guest ${shown(isGuest)}: a guest has is_guest true, by which the app refuses to top it up (TESTDATA Accounts; SPEC §4)`,
      ),
      field: 'data.is_guest',
    });
  const uid = at(fixtures, 'account.guest.uid');
  if (uid !== undefined && at(answer.data, 'uid') !== uid)
    found.problems.push({
      ...problem(
        `${asked}, it answered uid ${shown(at(answer.data, 'uid'))}, but the fixtures' account.guest.uid is ${shown(uid)}`,
      ),
      field: 'data.uid',
    });
}

/**
 * checkUid (or checkUidPost) asked again for the fixtures' account.banned: its user row says banned, status 2
 * (SPEC §3 user row; TESTDATA Accounts); a row that says 0 would let the page treat it as a normal account.
 */
async function bannedUidProbe(
  call: CallName,
  params: Readonly<Record<string, unknown>>,
  fixtures: Readonly<Record<string, unknown>>,
  target: Omit<ReadBackTarget, 'now'>,
  found: ProbeFindings,
): Promise<void> {
  const uid = at(fixtures, 'account.banned.uid');
  if (uid === undefined) {
    found.notChecked.push(
      `a banned account's user status ${BANNED_USER_STATUS}: the fixtures give no account.banned.uid to ask for`,
    );
    return;
  }
  const answer = await read(call, { ...params, uid }, target);
  const asked = `asked for the fixtures' account.banned (uid ${shown(uid)})`;
  if (answer?.envelope?.result !== 0) {
    found.problems.push(
      problem(
        `${asked}, it answered ${notFound(answer)}: its user row is found, status ${BANNED_USER_STATUS} (banned; SPEC §3 user row, TESTDATA Accounts)`,
      ),
    );
    return;
  }
  const status = at(answer.data, 'user.status');
  if (status !== BANNED_USER_STATUS)
    found.problems.push({
      ...problem(
        `${asked}, it answered user.status ${shown(status)}: a banned account's user row has status ${BANNED_USER_STATUS} (SPEC §3 user row: 2 means banned; TESTDATA Accounts)`,
      ),
      field: 'data.user.status',
    });
}

/**
 * The account lookups answered ok for account.reem are asked again for the accounts whose answer TESTDATA
 * fixes: checkDisplayId for the guest, checkUid and checkUidPost for the banned account. An account the
 * fixtures do not name is noted as not checked.
 */
export const accountProbes: Probe = async (call, judged, params, fixtures, target) => {
  const found: ProbeFindings = { problems: [], notChecked: [] };
  if (!answeredOk(judged)) return found;
  if (call === 'checkDisplayId') await guestProbe(params, fixtures, target, found);
  if (call === 'checkUid' || call === 'checkUidPost')
    await bannedUidProbe(call, params, fixtures, target, found);
  return found;
};
