import type { CallName } from '@topup/contracts';
import type { JudgedAnswer, Problem } from './conformance';
import type { ReadBackTarget } from './paidReadBack';
import { refusedAccountProblems } from './refusedAccounts';
import { wrongSignInProblems } from './signInProbes';

/**
 * The questions a call answered with the fixtures' values is asked again with other values whose answer
 * TESTDATA fixes: the accounts the fixtures name banned, deactivated or deactivating (refused with their
 * codes); a session key no one was given and a wrong sign-in token (refused). Each answer otherwise is a
 * problem of the call's, so a backend that answers every question alike does not pass.
 */
export async function probeProblems(
  call: CallName,
  judged: JudgedAnswer,
  params: Readonly<Record<string, unknown>>,
  fixtures: Readonly<Record<string, unknown>>,
  target: Omit<ReadBackTarget, 'now'>,
): Promise<Problem[]> {
  return [
    ...(await refusedAccountProblems(call, judged, params, fixtures, target)),
    ...(await wrongSignInProblems(call, judged, params, target)),
  ];
}
