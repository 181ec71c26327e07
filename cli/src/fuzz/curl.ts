import type { CallName } from '@topup/contracts';
import { joinUrl } from '../http/client';
import { contractOf, type WireParams } from '../http/encode';
import { asTransported } from './requests';

/** POSIX shell single quoting: everything literal, a quote closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * A `curl` command that sends the same request the fuzzer sent, the way the call's contract says it travels
 * (query, JSON, form, multipart, JSONP), with the request layer's headers.
 */
export function curlLine(
  baseUrl: string,
  call: CallName,
  wire: WireParams,
  extraHeaders: Readonly<Record<string, string>> = {},
): string {
  const contract = contractOf(call);
  const url = joinUrl(baseUrl, contract.path);
  const sent = asTransported(call, wire);
  const parts = ['curl', '-sS', '-X', contract.method];
  const headers = ['x-cli-pn: ksa', 'accept-language: ar'];
  if (contract.headers?.some((h) => h.toLowerCase() === 'x-cli-rid')) headers.push('x-cli-rid: fuzz-replay');
  switch (contract.transport) {
    case 'query':
    case 'jsonp':
      for (const [key, value] of Object.entries(sent)) url.searchParams.set(key, String(value));
      break;
    case 'json':
      headers.push('content-type: application/json');
      parts.push('--data-binary', shellQuote(JSON.stringify(wire)));
      break;
    case 'form':
      headers.push('content-type: application/x-www-form-urlencoded');
      parts.push('--data-binary', shellQuote(new URLSearchParams(sent as Record<string, string>).toString()));
      break;
    case 'multipart':
      for (const [key, value] of Object.entries(wire)) {
        parts.push(
          '-F',
          shellQuote(`${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`),
        );
      }
      break;
  }
  for (const [key, value] of Object.entries(extraHeaders)) headers.push(`${key}: ${value}`);
  for (const header of headers) parts.push('-H', shellQuote(header));
  parts.push(shellQuote(url.toString()));
  return parts.join(' ');
}
