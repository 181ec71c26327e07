import { z } from 'zod/mini';
import { SessionUserSchema } from '../entities';
import { wireInt, wireText } from '../wire';

/** Schemas shared by several calls. */

/** The answer of calls that SPEC.md shows no data for: null or an empty object. */
export const EmptyDataSchema = z.union([z.null(), z.looseObject({})]);

export const SessionKeyParam = wireText(200);
export const DeviceIdParam = z.string().check(z.minLength(1), z.maxLength(128));
export const UuidParam = z.string().check(z.minLength(1), z.maxLength(128));
/** An order id as the order calls take it: a string no longer than 64 characters names no order. */
export const OrderIdParam = z.string().check(z.minLength(1), z.maxLength(64));
export const SourceParam = z.pipe(wireInt(), z.union([z.literal(1), z.literal(4)]));
export const UidParam = z.pipe(wireInt(), z.int().check(z.positive()));

/** A signed-in session (the answer of every sign-in call). */
export const SessionSchema = z.object({
  session_key: z.string().check(z.minLength(1)),
  user: SessionUserSchema,
});
export type Session = z.infer<typeof SessionSchema>;
