import { ClientCode } from '@topup/contracts/codes';
import { parseBody } from './body';

/** One request as the client hands it to a transport: everything already encoded for the wire. */
export interface WireRequest {
  readonly method: 'GET' | 'POST';
  /** Absolute or same-origin URL, query included. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | URLSearchParams;
  /**
   * A multipart call's files by field name: the request goes as multipart/form-data, `body`'s fields (those
   * without a file) and the files, built and sent by the upload transport, which loads with the first upload.
   */
  readonly files?: Readonly<Record<string, Blob>>;
  readonly timeoutMs: number;
  readonly onUploadProgress?: ((fraction: number) => void) | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** An answer body (parsed JSON, or the text when it is not JSON), or a client failure with its code. */
export type WireResponse =
  | { readonly kind: 'answer'; readonly status: number; readonly body: unknown }
  | { readonly kind: 'failure'; readonly code: ClientCode };

export interface Transport {
  send(request: WireRequest): Promise<WireResponse>;
}

/**
 * fetch for ordinary calls, XMLHttpRequest for uploads (multipart, with progress). There is no JSONP: the
 * client refuses those calls before anything is sent.
 */
export function browserTransport(): Transport {
  return {
    send: (request) => (request.files === undefined ? sendFetch(request) : sendUpload(request)),
  };
}

/** Upload progress needs XMLHttpRequest, whose code loads with the first upload (the feedback page's). */
async function sendUpload(request: WireRequest): Promise<WireResponse> {
  try {
    // The module itself, not a destructured name: the build then wraps the import in no function of its own.
    const upload = await import('./uploadTransport');
    return upload.sendXhr(request);
  } catch {
    return { kind: 'failure', code: ClientCode.network };
  }
}

async function sendFetch(request: WireRequest): Promise<WireResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const onAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onAbort);
  try {
    const init: RequestInit = {
      method: request.method,
      headers: request.headers,
      signal: controller.signal,
    };
    if (request.body !== undefined) init.body = request.body;
    const response = await fetch(request.url, init);
    const text = await response.text();
    return { kind: 'answer', status: response.status, body: parseBody(text) };
  } catch (error) {
    if (timedOut) return { kind: 'failure', code: ClientCode.timeout };
    if (request.signal?.aborted) return { kind: 'failure', code: ClientCode.abort };
    return { kind: 'failure', code: error instanceof TypeError ? ClientCode.network : ClientCode.setup };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
}
