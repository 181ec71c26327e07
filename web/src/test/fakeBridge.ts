import type { NativeBridge } from '../platform/bridgeDetect';

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

/**
 * A fake app whose bridge carries the page's API calls (wrapApi, wrapApi2) over `fetch` (a test's stub), as
 * the app carries them over its own connection; any other method is answered with an error code.
 */
export function carryingOverFetch(): NativeBridge {
  const answer = (id: string, payload: unknown) =>
    window.__nativeBridgeCallback?.(id, JSON.stringify(payload));
  return {
    call: (method, argsJson, id) => {
      if (method !== 'wrapApi' && method !== 'wrapApi2')
        return void setTimeout(() => answer(id, { code: 7 }));
      const args = JSON.parse(argsJson) as {
        url: string;
        method: string;
        headers?: Record<string, string>;
        body?: string;
      };
      void fetch(args.url, {
        method: args.method,
        ...(args.headers === undefined ? {} : { headers: args.headers }),
        ...(args.body === undefined ? {} : { body: args.body }),
      }).then(
        async (response) =>
          answer(id, { code: 0, data: { status: response.status, body: await response.text() } }),
        () => answer(id, { code: 9 }),
      );
    },
  };
}
