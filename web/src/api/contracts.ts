import type { CallContract } from '@topup/contracts/registry/define';
import type { CallName, Registry } from '@topup/contracts/registry/index';

/**
 * Where the client finds a call's contract. The calls of the first screen are at hand from the start; the
 * rest of the registry is one chunk, fetched on its first use (or earlier, see `appContracts.ts`), so the
 * first load carries only the contracts it uses.
 */
export interface ContractSource {
  /** The contract of `name` when it is already loaded. */
  readonly loaded: (name: CallName) => CallContract | undefined;
  /** Every contract; rejects when the registry's chunk cannot be fetched (the client answers -2). */
  readonly all: () => Promise<Registry>;
}

export function contractSource(first: Partial<Registry>, load: () => Promise<Registry>): ContractSource {
  let registry: Registry | undefined;
  let pending: Promise<Registry> | undefined;
  return {
    loaded: (name) => registry?.[name] ?? (Object.hasOwn(first, name) ? first[name] : undefined),
    all() {
      pending ??= load().then(
        (answer) => {
          registry = answer;
          return answer;
        },
        (error: unknown) => {
          // A later call tries again (the network may be back). Some browsers keep a failed module import
          // failed until the page reloads; pages and popups loaded on demand offer that reload.
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}
