import { SimulatorPath } from '@topup/contracts/simulators';
import { decodeHTML } from 'entities';
import type { RawAnswer, SentRequest } from '../http/client';

/**
 * The mock's provider simulators (contracts/src/simulators.ts). Card numbers and CVVs go only here, never to
 * a backend call: the backend sees the simulator's token.
 */
export interface CardInput {
  readonly provider: 13 | 17;
  readonly number?: string | undefined;
  readonly cvv?: string | undefined;
  readonly expiry?: string | undefined;
  readonly holder?: string | undefined;
}

export function tokenizeRequest(card: CardInput): { path: string; body: Record<string, unknown> } {
  const [month = '12', year = '30'] = (card.expiry ?? '12/30').split('/');
  const cvv = card.cvv ?? '123';
  if (card.provider === 13) {
    if (card.number === undefined) return { path: SimulatorPath.checkoutCvv, body: { cvv } };
    return {
      path: SimulatorPath.checkoutTokens,
      body: {
        type: 'card',
        number: card.number,
        expiry_month: Number(month),
        expiry_year: 2000 + Number(year),
        cvv,
        name: card.holder ?? '',
      },
    };
  }
  if (card.number === undefined) return { path: SimulatorPath.adyenEncryptCvc, body: { cvc: cvv } };
  return {
    path: SimulatorPath.adyenEncrypt,
    body: {
      number: card.number,
      expiryMonth: Number(month),
      expiryYear: 2000 + Number(year),
      cvc: cvv,
      holderName: card.holder ?? 'Test',
    },
  };
}

/**
 * A request to a simulator page (forms are posted as a browser would, redirects are not followed). The data
 * of an HTML page or a redirect: its status, the redirect's location, the query parameters of the redirect
 * or of the page's links, and the page's data-* attributes.
 */
export async function sendPage(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  body: { json?: Record<string, unknown> | undefined; form?: Record<string, unknown> | undefined },
  timeoutMs: number,
): Promise<RawAnswer> {
  const started = performance.now();
  const url = new URL(path, baseUrl);
  const headers: Record<string, string> = {};
  const init: RequestInit = { method, redirect: 'manual', headers };
  if (method === 'POST' && body.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    init.body = new URLSearchParams(
      Object.entries(body.form).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
  } else if (method === 'POST') {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body.json ?? {});
  }
  // What was sent, for -v and the reports (masked there), as every HTTP step keeps it.
  const request: SentRequest = {
    method,
    url: url.toString(),
    headers,
    ...(typeof init.body === 'string' ? { body: init.body } : {}),
  };
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    const ms = Math.round(performance.now() - started);
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('json')) {
      try {
        return { status: response.status, body: JSON.parse(text) as unknown, ms, request };
      } catch {
        // fall through: described as a page
      }
    }
    const location = response.headers.get('location') ?? undefined;
    const params: Record<string, string> = {};
    const links =
      location === undefined
        ? [...text.matchAll(/href="([^"]*)"/g)].map((m) => decodeHTML(m[1] ?? ''))
        : [location];
    for (const link of links) {
      const query = link.includes('?') ? link.slice(link.indexOf('?') + 1) : '';
      for (const [k, v] of new URLSearchParams(query)) params[k] = v;
    }
    const attrs: Record<string, string> = {};
    for (const m of text.matchAll(/\sdata-([a-z-]+)="([^"]*)"/g)) {
      const key = (m[1] ?? '').replace(/-([a-z])/g, (_x, c: string) => c.toUpperCase());
      if (key !== 'testid') attrs[key] = decodeHTML(m[2] ?? '');
    }
    return {
      status: response.status,
      body: { status: response.status, location, params, attrs },
      ms,
      request,
    };
  } catch (error) {
    return {
      status: 0,
      body: undefined,
      ms: Math.round(performance.now() - started),
      networkError: (error as Error).message,
      request,
    };
  }
}
