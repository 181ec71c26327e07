/**
 * Whether the native app's bridge is there (SPEC §1, §9): what the first load needs of it. The calls over
 * the bridge (`bridge.ts`, `api/bridgeTransport.ts`) are loaded only once a bridge is found.
 */
export interface NativeBridge {
  call(method: string, argsJson: string, callbackId: string): void;
}

declare global {
  interface Window {
    NativeBridge?: NativeBridge;
    __nativeBridgeCallback?: (callbackId: string, json: string) => void;
  }
}

/** The bridge is polled for every 16 ms, up to 50 tries (0.8 s). */
export const BRIDGE_POLL_MS = 16;
export const BRIDGE_POLL_TRIES = 50;

export function currentBridge(win: Window = window): NativeBridge | undefined {
  const bridge = win.NativeBridge;
  return bridge !== undefined && typeof bridge.call === 'function' ? bridge : undefined;
}

/** Polls for the bridge every 16 ms, up to 50 tries; undefined in an ordinary browser. */
export function waitForBridge(win: Window = window): Promise<NativeBridge | undefined> {
  return new Promise((resolve) => {
    let tries = 0;
    const poll = () => {
      const bridge = currentBridge(win);
      if (bridge !== undefined || ++tries >= BRIDGE_POLL_TRIES) resolve(bridge);
      else setTimeout(poll, BRIDGE_POLL_MS);
    };
    poll();
  });
}
