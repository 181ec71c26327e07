import {
  type CallContract,
  type CallName,
  type Envelope,
  fail,
  Message,
  messageOf,
  registry,
  ServerCode,
} from '@topup/contracts';
import { z } from 'zod';
import { rateLimitedCalls, signInAccountOf } from './rateLimits';
import type { CallContext, Handler, Handlers, Reply } from './reply';

export type DispatchContext = Omit<CallContext, 'sessionKey'>;

/** The first schema issue, named by its field, e.g. "display_id: display id must be 5 to 12 digits". */
export function describeIssues(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return Message.invalidParam;
  const field = issue.path.length > 0 ? issue.path.join('.') : '(parameters)';
  return `${Message.invalidParam}: ${field}: ${issue.message}`;
}

/**
 * The refusal of a request whose shape breaks the call's schema: result 10001 like a business refusal
 * ("no such package"), but with `data.issues` listing each issue (field path and message), so a caller or a
 * fuzzer can tell "the request is malformed" from "the request is well formed and refused".
 */
export function shapeRefusal(error: z.core.$ZodError): Envelope {
  const issues = error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
  return fail(ServerCode.invalidParam, describeIssues(error), { issues });
}

/**
 * An invalid session key: logged out (-10000), except that signing in with a key that never was a session
 * (`get_pay_user_info`, the session_key link) fails as any other wrong sign-in value does (TESTDATA: "any
 * other value of these fails with the login-failed message"); TESTDATA's sk-expired and ended sessions stay
 * logged out.
 */
function sessionRefusal(name: CallName, sessionKey: string, world: DispatchContext['world']): Envelope {
  if (name === 'getPayUserInfo' && !world.sessions.sessionEnded(sessionKey))
    return fail(ServerCode.loginFailed, Message.loginFailed);
  return fail(ServerCode.loggedOut, Message.loggedOut);
}

function sessionKeyOf(params: Record<string, unknown>, headers: CallContext['headers']): string | undefined {
  const fromParams = params.session_key;
  if (typeof fromParams === 'string' && fromParams !== '') return fromParams;
  const fromHeader = headers['x-session-key'];
  return fromHeader === undefined || fromHeader === '' ? undefined : fromHeader;
}

function failed(context: DispatchContext, name: CallName, error: unknown): Envelope {
  context.log.error({ err: error, call: name }, 'handler failed');
  return fail(ServerCode.internal, Message.internal);
}

/**
 * Runs one call: decodes its wire parameters with the contract, checks the session, runs the handler and
 * encodes the answer through the contract's data schema, so no handler can answer a shape its contract
 * does not allow. Never throws: a handler failure is logged and answered as a generic internal error.
 */
export async function dispatch(
  handlers: Handlers,
  name: CallName,
  params: Record<string, unknown>,
  context: DispatchContext,
): Promise<Envelope> {
  const contract: CallContract = registry[name];
  const parsed = contract.request.safeParse(params);
  if (!parsed.success) return shapeRefusal(parsed.error);

  if (rateLimitedCalls.has(name)) {
    const account = signInAccountOf(parsed.data as Record<string, unknown>);
    if (!context.world.signIns.admit(name, context.ip, account)) {
      return fail(ServerCode.rateLimited, Message.rateLimited);
    }
  }

  const sessionKey = sessionKeyOf(params, context.headers);
  if (sessionKey !== undefined && contract.access !== 'public' && !context.world.isSessionValid(sessionKey)) {
    return sessionRefusal(name, sessionKey, context.world);
  }
  if (contract.access === 'session' && sessionKey === undefined)
    return fail(ServerCode.loggedOut, Message.loggedOut);

  try {
    const handler = handlers[name] as Handler<CallContract>;
    const reply: Reply<unknown> = await handler(parsed.data, { ...context, sessionKey });
    if (reply.result !== 0) {
      return fail(reply.result, reply.message ?? messageOf(reply.result) ?? Message.internal, reply.data);
    }
    return { result: 0, message: reply.message ?? 'success', data: z.encode(contract.data, reply.data) };
  } catch (error) {
    return failed(context, name, error);
  }
}
