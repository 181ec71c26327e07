import type { SentRequest } from '../http/client';
import { mask } from './mask';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A curl command that repeats a request, secrets masked by `mask` (fields of the URL query, of a form or JSON
 * body, of multipart parts; values anywhere): a masked value shows as •••, put the real one back to replay
 * it. Multipart file parts are sent as empty files of their type.
 */
export function curlOf(sent: SentRequest): string {
  const request = mask(sent);
  const parts = ['curl', '-sS'];
  if (request.method !== 'GET' || request.body !== undefined) parts.push('-X', request.method);
  parts.push(quote(request.url));
  for (const [key, value] of Object.entries(request.headers)) {
    if (key === 'content-type' && Array.isArray(request.body)) continue;
    parts.push('-H', quote(`${key}: ${value}`));
  }
  if (typeof request.body === 'string') parts.push('--data-raw', quote(request.body));
  else if (Array.isArray(request.body)) {
    for (const [key, value] of request.body) {
      parts.push(
        '-F',
        quote(
          value.startsWith('@')
            ? `${key}=@/dev/null;${value.split(';').slice(1).join(';')}`
            : `${key}=${value}`,
        ),
      );
    }
  }
  return mask(parts.join(' '));
}
