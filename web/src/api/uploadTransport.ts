import { ClientCode } from '@topup/contracts/codes';
import { parseBody, type WireRequest, type WireResponse } from './transport';

/** XMLHttpRequest for a call that reports upload progress (fetch cannot); see `browserTransport`. */
export function sendXhr(request: WireRequest): Promise<WireResponse> {
  return new Promise((resolve) => {
    // Aborted while this code was still being fetched.
    if (request.signal?.aborted) return resolve({ kind: 'failure', code: ClientCode.abort });
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.timeout = request.timeoutMs;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ kind: 'answer', status: xhr.status, body: parseBody(xhr.responseText) });
    xhr.ontimeout = () => resolve({ kind: 'failure', code: ClientCode.timeout });
    xhr.onerror = () => resolve({ kind: 'failure', code: ClientCode.network });
    xhr.onabort = () => resolve({ kind: 'failure', code: ClientCode.abort });
    request.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(request.body ?? null);
  });
}
