import * as lazy from './lazyEntities';

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

export const PayTypeSchema = /* @__PURE__ */ lazy.PayTypeSchema();
