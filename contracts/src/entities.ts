import type { z } from 'zod/mini';
import * as lazy from './lazyEntities';

/**
 * The entities of SPEC §3, as the backend sends them: each schema built (see lazyEntities.ts, which the calls'
 * contracts read instead, on first use). A bundle keeps only the schemas it uses.
 */

/** A display id as typed by a visitor: digits only (SPEC §5). */
export const DisplayIdSchema = /* @__PURE__ */ lazy.DisplayIdSchema();

/** Whether a visitor's text is a display id at all (the server answers 20002 for one that is not). */
export function isDisplayId(value: string): boolean {
  return DisplayIdSchema.safeParse(value).success;
}

export const SessionUserSchema = /* @__PURE__ */ lazy.SessionUserSchema();
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** User row of check_uid (SPEC §3): status 2 means banned. */
export const UserRowSchema = /* @__PURE__ */ lazy.UserRowSchema();
export type UserRow = z.infer<typeof UserRowSchema>;

/** Account check statuses (SPEC §3). */
export const AccountCheckStatus = {
  normal: 0,
  deactivated: 1,
  banned: 2,
  notExist: 3,
  deactivating: 4,
  sourceMismatch: 5,
} as const;
export type AccountCheckStatus = (typeof AccountCheckStatus)[keyof typeof AccountCheckStatus];
export const AccountCheckStatusSchema = /* @__PURE__ */ lazy.AccountCheckStatusSchema();

/** Sources (SPEC §3): 1 the main app flavour, 4 the game flavour. */
export const Source = { main: 1, game: 4 } as const;
export const SourceSchema = /* @__PURE__ */ lazy.SourceSchema();

/** Pay-target user record, i.e. one recharge history entry (SPEC §3). */
export const PayTargetRecordSchema = /* @__PURE__ */ lazy.PayTargetRecordSchema();
export type PayTargetRecord = z.infer<typeof PayTargetRecordSchema>;

export const PayMethodSchema = /* @__PURE__ */ lazy.PayMethodSchema();

export const PayItemDisplayMethodSchema = /* @__PURE__ */ lazy.PayItemDisplayMethodSchema();

/** Charge package (SPEC §3): amount in USD. */
export const ChargePackageSchema = /* @__PURE__ */ lazy.ChargePackageSchema();
export type ChargePackage = z.infer<typeof ChargePackageSchema>;

/** Charge-list info (SPEC §3). recommends may hold non-numeric entries, which the app skips. */
export const ChargeListInfoSchema = /* @__PURE__ */ lazy.ChargeListInfoSchema();
export type ChargeListInfo = z.infer<typeof ChargeListInfoSchema>;

/** Saved card (SPEC §3). card_valid_date is MM/YY. */
export const SavedCardSchema = /* @__PURE__ */ lazy.SavedCardSchema();
export type SavedCard = z.infer<typeof SavedCardSchema>;

/** Card token result of a card tokeniser (SPEC §3). Never holds the number or the CVV. */
export const CardTokenSchema = /* @__PURE__ */ lazy.CardTokenSchema();
export type CardToken = z.infer<typeof CardTokenSchema>;

/** The fields of pkgInfo (SPEC §3), the app configuration served by /api/sys/config/. */
export const GrayConfigEntrySchema = /* @__PURE__ */ lazy.GrayConfigEntrySchema();
export const WalletSheetConfigSchema = /* @__PURE__ */ lazy.WalletSheetConfigSchema();
export const PkgInfoSchema = /* @__PURE__ */ lazy.PkgInfoSchema();
export type PkgInfo = z.infer<typeof PkgInfoSchema>;
