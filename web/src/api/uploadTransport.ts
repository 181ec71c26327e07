import { ClientCode } from '@topup/contracts/codes';
import { parseBody } from './body';
import type { WireRequest, WireResponse } from './transport';

/**
 * A multipart call's body: the fields without a file of the same name (a file's field carries its metadata
 * for the contract), then each file, under its own name.
 */
export function multipartBody(
  fields: URLSearchParams | string | undefined,
  files: Readonly<Record<string, Blob>>,
): FormData {
  const form = new FormData();
  for (const [field, value] of new URLSearchParams(fields))
    if (files[field] === undefined) form.append(field, value);
  for (const [field, blob] of Object.entries(files))
    form.append(field, blob, blob instanceof File ? blob.name : field);
  return form;
}

/** XMLHttpRequest for an upload, which reports its progress (fetch cannot); see `browserTransport`. */
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
    xhr.send(
      request.files === undefined ? (request.body ?? null) : multipartBody(request.body, request.files),
    );
  });
}
