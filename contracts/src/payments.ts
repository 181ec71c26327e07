import { z } from 'zod/mini';
import { PAY_TYPES, type PayType } from './payTypes';

/** Pay types, providers and display groups (SPEC §3, §4), with the pay type's schema; the zod-free part is in
 * payTypes.ts and payTypeInfo.ts (the first screen reads it without zod). What an order's result means is in outcomes.ts. */

export {
  DisplayGroup,
  displayGroupOf,
  isPayType,
  type PayKind,
  type PayTypeInfo,
  Provider,
  payTypeInfo,
} from './payTypeInfo';
export { PAY_TYPES, PayType } from './payTypes';

/** Numeric pay types (SPEC §3, §4). */
export const PayTypeSchema = /* @__PURE__ */ z.union(
  PAY_TYPES.map((t) => z.literal(t)) as [z.ZodMiniLiteral<PayType>, ...z.ZodMiniLiteral<PayType>[]],
);
