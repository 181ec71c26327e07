import { CALL_NAMES, type CallName, PkgInfoSchema } from '@topup/contracts';
import { z } from 'zod';
import { FaultSchema } from './faults';

/** Request schemas of the control API (/__mock/). Shared by the routes, the OpenAPI document and the CLI. */

export const CallNameSchema = z.enum(CALL_NAMES as [CallName, ...CallName[]]);

export const ForcedAnswerSchema = z.union([
  z.object({
    result: z
      .number()
      .int()
      .refine((r) => r !== 0, 'force a non-zero result'),
    message: z.string().max(500).optional(),
  }),
  FaultSchema,
]);

export const ForceBodySchema = z.object({
  call: CallNameSchema,
  times: z.number().int().min(1).max(1000).default(1),
  answer: ForcedAnswerSchema,
});

/** `now` starts this world's clock frozen there, as `--now` does, with its cards dated from it (TESTDATA). */
export const ResetBodySchema = z
  .object({ seed: z.number().int().optional(), now: z.iso.datetime({ offset: true }).optional() })
  .default({});

export const ClockBodySchema = z
  .object({
    set: z.iso.datetime({ offset: true }).optional(),
    advanceMs: z
      .number()
      .int()
      .min(0)
      .max(10 * 365 * 24 * 3600 * 1000)
      .optional(),
    real: z.literal(true).optional(),
  })
  .refine((b) => [b.set, b.advanceMs, b.real].filter((v) => v !== undefined).length === 1, {
    message: 'give exactly one of set, advanceMs or real',
  });

/** What `GET`/`POST /__mock/clock` answer in their envelope's data: the clock. The CLI knows the mock by it. */
export const ClockStateSchema = z.object({ now: z.iso.datetime({ offset: true }), frozen: z.boolean() });
export type ClockState = z.infer<typeof ClockStateSchema>;

export { LatencyBodySchema } from './faults';

export const JournalQuerySchema = z.object({
  call: CallNameSchema.optional(),
  limit: z.coerce.number().int().min(1).max(2000).optional(),
});

/** Fields of pkgInfo to change, e.g. website_version to make the web app reload itself (SPEC §4 page update). */
export const ConfigBodySchema = z
  .object(PkgInfoSchema.shape)
  .partial()
  .refine((b) => Object.keys(b).length > 0, {
    message: 'give at least one pkgInfo field',
  });
