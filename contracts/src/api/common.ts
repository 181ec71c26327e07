import { z } from 'zod/mini';
import { once } from '../lazy';
import { SessionUserSchema } from '../lazyEntities';
import { wireInt, wireText } from '../wire';

/** Schemas shared by several calls. */

/** The answer of calls that SPEC.md shows no data for: null or an empty object. */
export const EmptyDataSchema = once(() => z.union([z.null(), z.looseObject({})]));

export const SessionKeyParam = once(() => wireText(200));
export const DeviceIdParam = once(() => z.string().check(z.minLength(1), z.maxLength(128)));
export const UuidParam = once(() => z.string().check(z.minLength(1), z.maxLength(128)));
export const SourceParam = once(() => z.pipe(wireInt(), z.union([z.literal(1), z.literal(4)])));
export const UidParam = once(() => z.pipe(wireInt(), z.int().check(z.positive())));

/** A signed-in session (the answer of every sign-in call). */
export const SessionSchema = once(() =>
  z.object({
    session_key: z.string().check(z.minLength(1)),
    user: SessionUserSchema(),
  }),
);
export type Session = z.infer<ReturnType<typeof SessionSchema>>;
