import { z } from 'zod/mini';
import * as lazy from './lazyEntities';

/** The entities of SPEC §3, as the backend sends them. */

/** A display id as typed by a visitor: digits only (SPEC §5). */
export const DisplayIdSchema = z
  .string()
  .check(
    z.regex(/^\d{5,12}$/, 'display id must be 5 to 12 digits'),
    z.describe('display id: 5 to 12 digits'),
  );

/** Whether a visitor's text is a display id at all (the server answers 20002 for one that is not). */
export function isDisplayId(value: string): boolean {
  return DisplayIdSchema.safeParse(value).success;
}

export const SessionUserSchema = lazy.SessionUserSchema();
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** User row of check_uid (SPEC §3): status 2 means banned. */
export const UserRowSchema = lazy.UserRowSchema();
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
export const AccountCheckStatusSchema = lazy.AccountCheckStatusSchema();

export { Source } from './startup/entities';
export const SourceSchema = z.pipe(z.coerce.number(), z.union([z.literal(1), z.literal(4)]));

/** Pay-target user record, i.e. one recharge history entry (SPEC §3). */
export const PayTargetRecordSchema = lazy.PayTargetRecordSchema();
export type PayTargetRecord = z.infer<typeof PayTargetRecordSchema>;

export const PayMethodSchema = lazy.PayMethodSchema();

export const PayItemDisplayMethodSchema = lazy.PayItemDisplayMethodSchema();

/** Charge package (SPEC §3): amount in USD. */
export const ChargePackageSchema = lazy.ChargePackageSchema();
export type ChargePackage = z.infer<typeof ChargePackageSchema>;

/** Charge-list info (SPEC §3). recommends may hold non-numeric entries, which the app skips. */
export const ChargeListInfoSchema = lazy.ChargeListInfoSchema();
export type ChargeListInfo = z.infer<typeof ChargeListInfoSchema>;

/** Saved card (SPEC §3). card_valid_date is MM/YY. */
export const SavedCardSchema = lazy.SavedCardSchema();
export type SavedCard = z.infer<typeof SavedCardSchema>;

/** Card token result of a card tokeniser (SPEC §3). Never holds the number or the CVV. */
export const CardTokenSchema = z.object({
  token: z.string(),
  bin: z.string(),
  last4: z.string(),
  scheme: z.string(),
  issuer: z.string(),
  issuer_country: z.string(),
  name: z.string(),
});
export type CardToken = z.infer<typeof CardTokenSchema>;

/** The fields of pkgInfo (SPEC §3), the app configuration served by /api/sys/config/. */
export const GrayConfigEntrySchema = lazy.GrayConfigEntrySchema();
export const WalletSheetConfigSchema = lazy.WalletSheetConfigSchema();
export const PkgInfoSchema = lazy.PkgInfoSchema();
export type PkgInfo = z.infer<typeof PkgInfoSchema>;
