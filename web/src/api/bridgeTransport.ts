import { BridgeError, ClientCode } from '@topup/contracts/codes';
import { apiBridgeMethod, BRIDGE, bridgeCall } from '../platform/bridge';
import type { NativeBridge } from '../platform/bridgeDetect';
import { readUrlArgs, versionCodeArg } from '../platform/urlArgs';
import type { Transport } from './transport';

/** The bridge transport of this page: the app's version code is the URL's `version_code` argument. */
export function pageBridgeTransport(bridge: NativeBridge, fallback: Transport): Transport {
  return bridgeTransport(bridge, versionCodeArg(readUrlArgs(location.search, location.hash)), fallback);
}

/**
 * GET and POST through the native bridge (SPEC §7): 5 s time-out, bridge errors as client code -4.
 * Bodies that are not text (multipart) go over HTTP through `fallback`.
 */
export function bridgeTransport(
  bridge: NativeBridge,
  versionCode: number | undefined,
  fallback: Transport,
): Transport {
  const method = apiBridgeMethod(versionCode);
  return {
    async send(request) {
      if (request.files !== undefined) return fallback.send(request);
      const body = request.body === undefined ? undefined : String(request.body);
      // fetch would name the type of these bodies itself; the app's connection has to be told.
      const contentType =
        request.body instanceof URLSearchParams
          ? 'application/x-www-form-urlencoded;charset=UTF-8'
          : typeof request.body === 'string'
            ? 'application/json'
            : undefined;
      const headers =
        contentType === undefined ? request.headers : { ...request.headers, 'content-type': contentType };
      const answer = await bridgeCall(
        bridge,
        method,
        { method: request.method, url: request.url, headers, body },
        Math.min(request.timeoutMs, BRIDGE.callTimeoutMs),
      );
      if (answer.timedOut) return { kind: 'failure', code: ClientCode.timeout };
      if (answer.code !== BridgeError.NoError) {
        return { kind: 'failure', code: ClientCode.bridge };
      }
      const data = answer.data as { status?: unknown; body?: unknown } | undefined;
      const status = typeof data?.status === 'number' ? data.status : 200;
      let parsed: unknown = data?.body;
      if (typeof parsed === 'string') {
        try {
          // A byte order mark before the JSON (RFC 8259 §8.1: a sender must not add one, a parser may ignore
          // it) is not white space to JSON.parse: without this the envelope would reach the app as text.
          parsed = JSON.parse(parsed.replace(/^\uFEFF/, ''));
        } catch {
          // a text body stays text
        }
      }
      return { kind: 'answer', status, body: parsed };
    },
  };
}
