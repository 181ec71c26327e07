import { ServerCode } from '@topup/contracts';
import { at, shown } from './agreementJudges';
import type { Problem } from './conformance';
import { read } from './paidReadBack';
import { answeredOk, type Probe, type ProbeFindings } from './probeFindings';

/** The device the probe redeems a ticket from: not the one it was issued for. */
const otherDevice = (uuid: string): string => `${uuid}-topup-other-device`;

const said = (answer: Awaited<ReturnType<typeof read>>): string => {
  const result = answer?.envelope?.result;
  if (result === undefined) return `no answer (${answer?.problems[0]?.message ?? 'not sent'})`;
  return result === 0 ? '0 (signed in)' : String(result);
};

/**
 * After ticket_login signed the fixtures' device in (the ticket is spent then, so the positive path goes
 * first), a fresh ticket is asked for the same device with account.reem's session and redeemed from another
 * device: contracts ticketLogin, "a ticket signs in only from the device (client uuid) it was issued for
 * … one from another device 21001". A backend that ignored the device would let a ticket leaked from one
 * device sign in anywhere.
 */
export const wrongDeviceProbe: Probe = async (call, judged, params, fixtures, target) => {
  const found: ProbeFindings = { problems: [], notChecked: [] };
  if (call !== 'ticketLogin' || !answeredOk(judged) || typeof params.uuid !== 'string') return found;
  const sessionKey = at(fixtures, 'account.reem.session_key');
  if (typeof sessionKey !== 'string') {
    found.notChecked.push(
      'a ticket refused on another device: the fixtures give no account.reem.session_key to ask one with',
    );
    return found;
  }
  const issued = await read('getLoginTicket', { session_key: sessionKey, uuid: params.uuid }, target);
  const ticket = at(issued?.data, 'ticket');
  if (issued?.envelope?.result !== 0 || typeof ticket !== 'string') {
    found.notChecked.push(
      `a ticket refused on another device: get_login_ticket answered ${said(issued)} for a second ticket`,
    );
    return found;
  }
  const other = otherDevice(params.uuid);
  const answer = await read('ticketLogin', { ticket, uuid: other }, target);
  if (answer?.envelope?.result === ServerCode.loginFailed) return found;
  const problem: Problem = {
    kind: 'meaning',
    field: 'result',
    message: `a ticket issued for device ${shown(params.uuid)}, redeemed from device ${shown(other)}, answered ${said(answer)}: a ticket signs in only from the device it was issued for, another device fails with ${ServerCode.loginFailed} (contracts ticketLogin)`,
  };
  found.problems.push(problem);
  return found;
};
