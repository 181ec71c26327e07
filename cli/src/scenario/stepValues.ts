// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { CALL_NAMES, type CallName } from '@topup/contracts';
import { z } from 'zod';
import { didYouMean } from './didYouMean';

/** The value schemas scenario steps share: references, numbers, frame and step ids, call names, params, matchers. */

export const list = (values: readonly unknown[]) => values.join(', ');

/** A whole-value reference such as `${steps.pay.data.order_id}`. */
export const RefSchema = z.string().regex(/^\$\{[^}]+\}$/, 'expected a ${...} reference');
export const refOr = <T extends z.ZodType>(schema: T) => z.union([schema, RefSchema]);

export const Int = z.number().int();
/** A frame number: absolute, a reference, or `+N` — N frames after the room's sn when the scenario started. */
export const FrameSn = z.union([
  Int.min(0),
  RefSchema,
  z.string().regex(/^\+\d{1,6}$/, 'a relative frame number is +N, such as +2'),
]);
export const StepId = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'a step id is a letter then letters, digits, _ or -');

export const CallNameSchema = z.enum(CALL_NAMES as [CallName, ...CallName[]], {
  error: (issue) =>
    `unknown endpoint ${JSON.stringify(issue.input)}${typeof issue.input === 'string' ? didYouMean(issue.input, CALL_NAMES) : ''}; valid calls: ${list(CALL_NAMES)}`,
});

export const Params = z
  .record(z.string(), z.unknown())
  .describe("the call's parameters as the app holds them; the CLI encodes them with the contract (z.encode)");
export const WireParamsSchema = z
  .record(z.string(), z.unknown())
  .describe('parameters sent as they are, without encoding: to show what a server does with a bad request');
export const Headers = z.record(z.string(), z.string());
export const PathMatchers = z
  .record(z.string(), z.unknown())
  .describe('path → value or {$operator: ...}; a path like items[0].source_id or list.length');

export const common = {
  id: StepId.optional().describe('name to refer to this step by: ${steps.<id>.data...}'),
  name: z.string().max(200).optional().describe('a readable label for reports'),
};

/** A room id: a number, a non-empty string, or a reference. */
export const Rid = refOr(z.union([Int, z.string().min(1)]));
