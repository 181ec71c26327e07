import type { ClientCall } from '@topup/contracts/registry/call';
import type { CallName } from '@topup/contracts/registry/index';
import { loadOnce } from '../platform/loadOnce';

/**
 * Where the client finds a call's contract. The calls of the first screen are at hand from the start; the
 * rest of the registry is one chunk, fetched on its first use (or earlier, see `appContracts.ts`), so the
 * first load carries only the contracts it uses.
 */
export interface ContractSource {
  /** The contract of `name` when it is already loaded. */
  readonly loaded: (name: CallName) => ClientCall | undefined;
  /** Every contract; rejects when the registry's chunk cannot be fetched (the client answers -2). */
  readonly all: () => Promise<Calls>;
}

/** Every call's contract by name (see `ClientCall`). */
export type Calls = Readonly<Record<CallName, ClientCall>>;

export function contractSource(first: Partial<Calls>, load: () => Promise<Calls>): ContractSource {
  let registry: Calls | undefined;
  return {
    loaded: (name) => registry?.[name] ?? (Object.hasOwn(first, name) ? first[name] : undefined),
    // A failed load is tried again by a later call (pages and popups loaded on demand offer a reload for
    // browsers that keep a failed module import failed).
    all: loadOnce(async () => {
      registry = await load();
      return registry;
    }),
  };
}
