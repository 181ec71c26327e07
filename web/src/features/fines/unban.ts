/** What the paid fine's screen says of its account, from its ban before the payment and now. */

/** The fine account as the check after payment finds it. */
export type AccountBan = 'banned' | 'notBanned' | 'unknown';
/**
 * What the paid screen says about the account. "unbanned" only when it was banned before the payment and is
 * not now; "notBanned" when it is not banned now but was not (or not known to be) banned before; "stillBanned"
 * when it was banned and still is; "banned" when it is banned now but was not known to be before.
 */
export type UnbanState = 'checking' | 'unbanned' | 'notBanned' | 'stillBanned' | 'banned' | 'unknown';

/** The paid screen's wording from the ban before the payment and the account now. */
export function unbanOf(bannedBefore: boolean | undefined, now: AccountBan): Exclude<UnbanState, 'checking'> {
  if (now === 'unknown') return 'unknown';
  if (bannedBefore === true) return now === 'banned' ? 'stillBanned' : 'unbanned';
  return now === 'banned' ? 'banned' : 'notBanned';
}
