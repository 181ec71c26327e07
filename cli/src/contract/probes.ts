import { accountProbes } from './accountProbes';
import { fineProbes } from './fineProbes';
import type { Probe } from './probeFindings';
import { refusedAccountProblems } from './refusedAccounts';
import { refusedOrderProblems } from './refusedOrders';
import { wrongSignInProblems } from './signInProbes';
import { wrongDeviceProbe } from './ticketProbe';

/**
 * The questions a call answered with the fixtures' values is asked again with other values whose answer
 * TESTDATA fixes: the accounts the fixtures name banned, deactivated or deactivating (refused with their
 * codes), and an order for each (only under --writes, after the run's own order: refused alike); the guest
 * (is_guest true), the banned account's user row (status 2), the paid fine (paid, its account and
 * currency); a session key no one was given, a wrong sign-in token or password and a ticket redeemed from
 * another device (refused). Each answer otherwise is a problem of the call's, so a backend that answers every
 * question alike does not pass; what the fixtures give no value to ask is noted as not checked
 * (CallCheck.notChecked), never passed in silence.
 */
export const probeProblems: Probe = async (call, judged, params, fixtures, target) => {
  const all = [
    await refusedAccountProblems(call, judged, params, fixtures, target),
    await refusedOrderProblems(call, judged, params, fixtures, target),
    await accountProbes(call, judged, params, fixtures, target),
    await fineProbes(call, judged, params, fixtures, target),
    { problems: await wrongSignInProblems(call, judged, params, target), notChecked: [] },
    await wrongDeviceProbe(call, judged, params, fixtures, target),
  ];
  return { problems: all.flatMap((f) => f.problems), notChecked: all.flatMap((f) => f.notChecked) };
};
