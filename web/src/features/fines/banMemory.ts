/**
 * The fine account's ban as the visitor saw it before leaving for the hosted or issuer page, kept for the
 * return, which starts a fresh page: only then can the paid screen say "unbanned" truthfully. Kept per tab
 * (sessionStorage), per fine; nothing secret. A value that is missing or not a boolean reads as unknown.
 */
export interface BanMemory {
  remember(fineId: number, banned: boolean): void;
  recall(fineId: number): boolean | undefined;
}

const keyOf = (fineId: number) => `topup.fine_banned_before.${fineId}`;

export function banMemoryIn(storage: () => Storage | undefined): BanMemory {
  return {
    remember(fineId, banned) {
      try {
        storage()?.setItem(keyOf(fineId), JSON.stringify(banned));
      } catch {
        // Storage refused (private mode, quota): the return then says what it can check, never "unbanned".
      }
    },
    recall(fineId) {
      try {
        const raw = storage()?.getItem(keyOf(fineId));
        if (raw === 'true') return true;
        if (raw === 'false') return false;
        return undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export const sessionBanMemory: BanMemory = banMemoryIn(() => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
});
