import { z } from 'zod';
import { SessionUserSchema } from '../entities';
import { wireInt, wireText } from '../wire';

/** Schemas shared by several calls. */

/** The answer of calls that SPEC.md shows no data for: null or an empty object. */
export const EmptyDataSchema = z.union([z.null(), z.object({}).loose()]);

export const SessionKeyParam = wireText(200);
export const DeviceIdParam = z.string().min(1).max(128);
export const UuidParam = z.string().min(1).max(128);
export const SourceParam = wireInt().pipe(z.union([z.literal(1), z.literal(4)]));
export const UidParam = wireInt().pipe(z.number().int().positive());

/** A signed-in session (the answer of every sign-in call). */
export const SessionSchema = z.object({
  session_key: z.string().min(1),
  user: SessionUserSchema,
});
export type Session = z.infer<typeof SessionSchema>;
