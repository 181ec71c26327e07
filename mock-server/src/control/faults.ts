import { ANSWER_LIMITS, type AnswerLimit, pastLimitMs } from '@topup/contracts/limits';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ForcedAnswer } from './state';

/**
 * The fault catalogue of the control API: what a forced answer can do to the next calls of one endpoint.
 * Transport faults (a delay, a 5xx, a hang, a reset) and the ones a slow or failing payment backend shows:
 * an answer past one of the app's time limits (named, from the limits module, never restated), an answer
 * that is not an envelope (a proxy's error page), and an answer lost after the call took effect (the order
 * is made, the connection dies before its answer), which is what idempotent retries are for.
 */

/** The longest a hang holds a socket, so that a forgotten hang cannot hold one for ever. */
export const HANG_LIMIT_MS = 120_000;

const LimitNameSchema = z.enum(Object.keys(ANSWER_LIMITS) as [AnswerLimit, ...AnswerLimit[]]);

export const FaultSchema = z.union([
  z.object({ fault: z.literal('delay'), ms: z.number().int().min(0).max(HANG_LIMIT_MS) }),
  z.object({ fault: z.literal('http'), status: z.number().int().min(500).max(599) }),
  z.object({
    fault: z.literal('hang'),
    /** Cut off after this long; without it the hang lasts until the client gives up (or HANG_LIMIT_MS). */
    ms: z.number().int().min(1).max(HANG_LIMIT_MS).optional(),
  }),
  z.object({ fault: z.literal('reset') }),
  z.object({ fault: z.literal('pastLimit'), limit: LimitNameSchema }),
  z.object({
    fault: z.literal('notEnvelope'),
    status: z.number().int().min(200).max(599).default(200),
  }),
  z.object({
    fault: z.literal('lostAnswer'),
    after: z.enum(['reset', 'hang']).default('reset'),
    /** After a hang: cut off after this long. */
    ms: z.number().int().min(1).max(HANG_LIMIT_MS).optional(),
  }),
]);
export type Fault = z.infer<typeof FaultSchema>;

/** Latency on every call: milliseconds, or just past one of the app's limits. */
export const LatencyBodySchema = z.union([
  z.object({ ms: z.number().int().min(0).max(pastLimitMs('api')) }),
  z.object({ pastLimit: LimitNameSchema }),
]);
export type LatencyBody = z.infer<typeof LatencyBodySchema>;

export function latencyMsOf(body: LatencyBody): number {
  return 'ms' in body ? body.ms : pastLimitMs(body.pastLimit);
}

/** The forced answer a fault stands for; a past-the-limit answer is a delay of that limit plus a margin. */
export function forcedFault(fault: Fault): ForcedAnswer {
  switch (fault.fault) {
    case 'delay':
      return { kind: 'delay', ms: fault.ms };
    case 'pastLimit':
      return { kind: 'delay', ms: pastLimitMs(fault.limit) };
    case 'http':
      return { kind: 'http', status: fault.status };
    case 'hang':
      return { kind: 'hang', ms: fault.ms };
    case 'reset':
      return { kind: 'reset' };
    case 'notEnvelope':
      return { kind: 'notEnvelope', status: fault.status };
    case 'lostAnswer':
      return { kind: 'lostAnswer', after: fault.after, ms: fault.ms };
  }
}

/** A proxy's error page: what a client gets when something between it and the backend answers instead. */
export const NOT_AN_ENVELOPE =
  '<html><head><title>502 Bad Gateway</title></head><body>Bad Gateway</body></html>';

/** The connection is destroyed: the client sees a reset (under inject, the response is). */
export function resetConnection(request: FastifyRequest, reply: FastifyReply): void {
  if (!reply.sent) reply.hijack();
  (request.raw.socket ?? reply.raw).destroy();
}

/** Nothing is answered: until the client gives up, or cut off after `ms` (at most HANG_LIMIT_MS). */
export function hangConnection(request: FastifyRequest, reply: FastifyReply, ms = HANG_LIMIT_MS): void {
  if (!reply.sent) reply.hijack();
  const timer = setTimeout(() => (request.raw.socket ?? reply.raw).destroy(), Math.min(ms, HANG_LIMIT_MS));
  timer.unref();
  reply.raw.once('close', () => clearTimeout(timer));
}
