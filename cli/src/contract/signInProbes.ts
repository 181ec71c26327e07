import { type CallContract, type CallName, registry, ServerCode } from '@topup/contracts';
import { shown } from './agreementJudges';
import type { JudgedAnswer, Problem } from './conformance';
import { type ReadBackTarget, read } from './paidReadBack';
import { answeredOk } from './probeFindings';

/** A session key no backend gave anyone: the check's own, made up on purpose. */
const UNKNOWN_SESSION_KEY = 'sk-topup-contract-check-unknown';

/**
 * The refusals a call answers a session key no one was given, derived from its contract: every call that
 * reads a session (access 'session' or 'session-optional') and is safe to ask again (a read; get_login_ticket,
 * which issues nothing usable to a key that is no session's; a session write only when the check made it,
 * that is with --writes), refused with the codes its contract lists of SPEC §8's -10000 (session: the user
 * is logged out) and TESTDATA "Other sign-in values"' 21001 (any other session key fails). A backend that
 * took an unknown key for a known account's would show that account's cards, history or room, or issue a
 * ticket that signs in as it: a takeover. Undefined for a call not asked so.
 */
export function unknownSessionRefusals(call: CallName): readonly number[] | undefined {
  const contract: CallContract = registry[call];
  if (contract.access === 'public') return undefined;
  const safe = contract.readOnly || contract.access === 'session';
  if (!safe) return undefined;
  const refusals = contract.codes.filter((code) => SESSION_REFUSALS.includes(code));
  return refusals.length === 0 ? undefined : refusals;
}

const SESSION_REFUSALS: readonly number[] = [ServerCode.loggedOut, ServerCode.loginFailed];

/**
 * The social sign-in asked again with the token changed (TESTDATA "Other sign-in values": any other value
 * fails with the login-failed message, 21001): a backend that ignored the token would sign anyone in. One
 * call only (facebook_login's bad token is the signin-facebook scenario's): sign-ins are rate-limited.
 */
const TOKEN_FIELDS: Readonly<Partial<Record<CallName, string>>> = { getLoginKey: 'access_token' };

function said(answer: Awaited<ReturnType<typeof read>>): string {
  const result = answer?.envelope?.result;
  if (result === undefined) return `no answer (${answer?.problems[0]?.message ?? 'not sent'})`;
  return result === 0 ? '0 (accepted)' : String(result);
}

/**
 * A session call or a social sign-in answered 0 with the fixtures' values is sent again with a wrong one
 * (a session key no one was given; a token changed): it must be refused, else the check would pass a backend
 * that signs anyone in. One problem line per call answered otherwise.
 */
export async function wrongSignInProblems(
  call: CallName,
  judged: JudgedAnswer,
  params: Readonly<Record<string, unknown>>,
  target: Omit<ReadBackTarget, 'now'>,
): Promise<Problem[]> {
  if (!answeredOk(judged)) return [];
  const { sessionKey: _ownSession, ...plain } = target;
  const sessionRefusals = unknownSessionRefusals(call);
  if (sessionRefusals !== undefined && typeof params.session_key === 'string') {
    const answer = await read(call, { ...params, session_key: UNKNOWN_SESSION_KEY }, plain);
    const result = answer?.envelope?.result;
    if (result !== undefined && sessionRefusals.includes(result)) return [];
    return [
      {
        kind: 'meaning',
        field: 'result',
        message: `asked again with a session key no one was given (${shown(UNKNOWN_SESSION_KEY)}), it answered ${said(answer)}: an unknown session key is refused with ${sessionRefusals.join(' or ')} (SPEC §8 codes: -10000 logged out; TESTDATA "Other sign-in values": any other value fails)`,
      },
    ];
  }
  const field = TOKEN_FIELDS[call];
  const token = field === undefined ? undefined : params[field];
  if (field === undefined || typeof token !== 'string') return [];
  const wrong = `${token}-topup-wrong`;
  const answer = await read(call, { ...params, [field]: wrong }, plain);
  if (answer?.envelope?.result === ServerCode.loginFailed) return [];
  return [
    {
      kind: 'meaning',
      field: 'result',
      message: `asked again with ${field} ${shown(wrong)} (not the fixtures' token), it answered ${said(answer)}: a wrong token fails with ${ServerCode.loginFailed} (TESTDATA "Other sign-in values": any other value fails with the login-failed message)`,
    },
  ];
}
