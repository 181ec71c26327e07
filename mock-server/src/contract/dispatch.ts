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
import type { CallContext, Handler, Handlers } from './reply';

export type DispatchContext = Omit<CallContext, 'sessionKey'>;

/** The first schema issue, named by its field, e.g. "display_id: display id must be 5 to 12 digits". */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return Message.invalidParam;
  const field = issue.path.length > 0 ? issue.path.join('.') : '(parameters)';
  return `${Message.invalidParam}: ${field}: ${issue.message}`;
}

function sessionKeyOf(params: Record<string, unknown>, headers: CallContext['headers']): string | undefined {
  const fromParams = params.session_key;
  if (typeof fromParams === 'string' && fromParams !== '') return fromParams;
  const fromHeader = headers['x-session-key'];
  return fromHeader === undefined || fromHeader === '' ? undefined : fromHeader;
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
  if (!parsed.success) return fail(ServerCode.invalidParam, describeIssues(parsed.error));

  const sessionKey = sessionKeyOf(params, context.headers);
  if (sessionKey !== undefined && contract.access !== 'public' && !context.world.isSessionValid(sessionKey)) {
    return fail(ServerCode.loggedOut, Message.loggedOut);
  }
  if (contract.access === 'session' && sessionKey === undefined)
    return fail(ServerCode.loggedOut, Message.loggedOut);

  try {
    const handler = handlers[name] as Handler<CallContract>;
    const reply = await handler(parsed.data, { ...context, sessionKey });
    if (reply.result !== 0) {
      return fail(reply.result, reply.message ?? messageOf(reply.result) ?? Message.internal, reply.data);
    }
    const data = z.encode(contract.data, reply.data);
    return { result: 0, message: reply.message ?? 'success', data };
  } catch (error) {
    context.log.error({ err: error, call: name }, 'handler failed');
    return fail(ServerCode.internal, Message.internal);
  }
}
