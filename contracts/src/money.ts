import { z } from 'zod/mini';

/**
 * A USD amount as the product may take it (SPEC §3: amounts in USD, which a card is charged in cents): finite,
 * above zero, below 10^15, a whole number of cents, written the shortest way (0.99, 4.5, 20). A finer amount
 * (0.001, 4.995, 1e-7) would be drawn rounded, a price the visitor is not charged.
 */
export function isWholeCents(amount: number): boolean {
  return Number.isFinite(amount) && amount > 0 && amount < 1e15 && /^\d+(\.\d{1,2})?$/.test(String(amount));
}

/** An amount in USD, whole cents (isWholeCents). */
export const UsdAmountSchema = /* @__PURE__ */ z
  .number()
  .check(
    z.refine(isWholeCents, 'amount must be a USD price in whole cents'),
    z.describe('USD, a whole number of cents'),
  );
