import type { NativeBridge } from '../platform/bridge';

/** A fake app that answers each call after `delayMs` with the given `{ code, data }`, and records the calls. */
export function answering(answer: unknown, delayMs = 0) {
  const calls: { method: string; args: unknown }[] = [];
  const bridge: NativeBridge = {
    call: (method, argsJson, id) => {
      calls.push({ method, args: JSON.parse(argsJson) });
      setTimeout(() => window.__nativeBridgeCallback?.(id, JSON.stringify(answer)), delayMs);
    },
  };
  return { bridge, calls };
}
