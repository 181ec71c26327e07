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

/** A sign-in value asked again changed, and the refusals that answer it. */
export interface WrongValue {
  readonly field: string;
  /** What the value is, in a problem line: `token`, `password`. */
  readonly noun: string;
  /** Shown in a problem line: never a password, which no log carries. */
  readonly shown: boolean;
  readonly refusals: readonly number[];
  readonly why: string;
}

/**
 * The sign-ins asked again with one value changed, each refused: the social sign-in's token (TESTDATA "Other
 * sign-in values": any other value fails with the login-failed message, 21001) and the account sign-in's
 * password (SPEC: "wrong ID or password"; its contract's project choice: a wrong password answers 21002, and
 * 21006 when that address must wait first). A backend that ignored either would sign anyone in. One call
 * each (facebook_login's bad token is the signin-facebook scenario's): sign-ins are rate-limited, and a right
 * password, sent first, clears the wrong ones counted before it.
 */
const WRONG_VALUES: Readonly<Partial<Record<CallName, WrongValue>>> = {
  getLoginKey: {
    field: 'access_token',
    noun: 'token',
    shown: true,
    refusals: [ServerCode.loginFailed],
    why: 'TESTDATA "Other sign-in values": any other value fails with the login-failed message',
  },
  accountLogin: {
    field: 'password',
    noun: 'password',
    shown: false,
    refusals: [ServerCode.wrongPassword, ServerCode.signInDelayed],
    why: "SPEC: wrong ID or password; account_login's contract: a wrong password answers 21002, or 21006 when the address must wait",
  },
};

/** The value a sign-in is asked again with, and how it must be answered; undefined when it is not asked. */
export function wrongValueOf(
  call: CallName,
  params: Readonly<Record<string, unknown>>,
): { readonly probe: WrongValue; readonly wrong: string } | undefined {
  const probe = WRONG_VALUES[call];
  const value = probe === undefined ? undefined : params[probe.field];
  if (probe === undefined || typeof value !== 'string') return undefined;
  // Only the codes the call's contract lists: a refusal it cannot answer is no refusal to wait for.
  const refusals = probe.refusals.filter((code) => registry[call].codes.includes(code));
  if (refusals.length === 0) return undefined;
  return { probe: { ...probe, refusals }, wrong: `${value}-topup-wrong` };
}

/** The problem line when the changed value was not refused; undefined when it was. */
export function judgeWrongValue(
  probe: WrongValue,
  wrong: string,
  result: number | undefined,
  said: string,
): string | undefined {
  if (result !== undefined && probe.refusals.includes(result)) return undefined;
  const asked = probe.shown
    ? `${probe.field} ${shown(wrong)} (not the fixtures' ${probe.noun})`
    : `a wrong ${probe.noun} (the fixtures' with a suffix; not shown)`;
  return `asked again with ${asked}, it answered ${said}: a wrong ${probe.noun} fails with ${probe.refusals.join(' or ')} (${probe.why})`;
}

function said(answer: Awaited<ReturnType<typeof read>>): string {
  const result = answer?.envelope?.result;
  if (result === undefined) return `no answer (${answer?.problems[0]?.message ?? 'not sent'})`;
  return result === 0 ? '0 (accepted)' : String(result);
}

/**
 * A session call or a sign-in answered 0 with the fixtures' values is sent again with a wrong one (a session
 * key no one was given; a token or password changed): it must be refused, else the check would pass a backend
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
  const asked = wrongValueOf(call, params);
  if (asked === undefined) return [];
  const answer = await read(call, { ...params, [asked.probe.field]: asked.wrong }, plain);
  const message = judgeWrongValue(asked.probe, asked.wrong, answer?.envelope?.result, said(answer));
  return message === undefined ? [] : [{ kind: 'meaning', field: 'result', message }];
}
