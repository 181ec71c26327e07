import type { SentRequest } from '../http/client';
import { isSecretField, maskBody, maskQuery, maskSecrets } from './mask';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A curl command that repeats a request, secrets masked by field (URL query, form or JSON body, multipart
 * parts) and by value (a masked value shows as •••: put the real one back to replay it). Multipart file parts are sent as empty files of their type.
 */
export function curlOf(request: SentRequest): string {
  const parts = ['curl', '-sS'];
  if (request.method !== 'GET' || request.body !== undefined) parts.push('-X', request.method);
  parts.push(quote(maskQuery(request.url)));
  for (const [key, value] of Object.entries(request.headers)) {
    if (key === 'content-type' && Array.isArray(request.body)) continue;
    parts.push('-H', quote(`${key}: ${value}`));
  }
  if (typeof request.body === 'string') parts.push('--data-raw', quote(maskBody(request.body)));
  else if (Array.isArray(request.body)) {
    for (const [key, value] of request.body) {
      parts.push(
        '-F',
        quote(
          value.startsWith('@')
            ? `${key}=@/dev/null;${value.split(';').slice(1).join(';')}`
            : `${key}=${isSecretField(key) ? '•••' : value}`,
        ),
      );
    }
  }
  return maskSecrets(parts.join(' '));
}
