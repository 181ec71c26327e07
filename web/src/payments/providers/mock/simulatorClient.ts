import {
  AdyenEncryptedCardSchema,
  AdyenEncryptedCvcSchema,
  AdyenErrorSchema,
  AdyenThreeDsResultSchema,
  CheckoutCvvTokenSchema,
  CheckoutErrorSchema,
  CheckoutTokenSchema,
  SimulatorPath,
} from '@topup/contracts/simulators';
import type { z } from 'zod/mini';

/**
 * The mock's provider simulators, reached the way the real SDKs reach their providers: straight from the
 * card fields, never through the app's API client, so a card number goes nowhere else.
 */

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type SimResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: string };

async function post<S extends z.ZodMiniType>(
  fetcher: FetchLike,
  path: string,
  body: unknown,
  schema: S,
  errorCode: (raw: unknown) => string | undefined,
): Promise<SimResult<z.output<S>>> {
  let response: Response;
  try {
    response = await fetcher(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    return { ok: false, code: 'network' };
  }
  const raw: unknown = await response.json().catch(() => undefined);
  if (!response.ok) return { ok: false, code: errorCode(raw) ?? `http_${response.status}` };
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, code: 'bad_answer' };
}

const checkoutError = (raw: unknown) => CheckoutErrorSchema.safeParse(raw).data?.error_codes[0];
const adyenError = (raw: unknown) => AdyenErrorSchema.safeParse(raw).data?.errorCode;

export interface CardEntry {
  readonly number: string;
  readonly month: number;
  readonly year: number;
  readonly cvv: string;
  readonly name: string;
}

export function simulators(fetcher: FetchLike = (input, init) => fetch(input, init)) {
  return {
    checkoutToken: (card: CardEntry) =>
      post(
        fetcher,
        SimulatorPath.checkoutTokens,
        {
          type: 'card',
          number: card.number,
          expiry_month: card.month,
          expiry_year: card.year,
          cvv: card.cvv,
          name: card.name,
        },
        CheckoutTokenSchema,
        checkoutError,
      ),
    checkoutCvv: (cvv: string) =>
      post(fetcher, SimulatorPath.checkoutCvv, { cvv }, CheckoutCvvTokenSchema, checkoutError),
    adyenEncrypt: (card: CardEntry) =>
      post(
        fetcher,
        SimulatorPath.adyenEncrypt,
        {
          number: card.number,
          expiryMonth: card.month,
          expiryYear: card.year,
          cvc: card.cvv,
          holderName: card.name,
        },
        AdyenEncryptedCardSchema,
        adyenError,
      ),
    adyenEncryptCvc: (cvc: string) =>
      post(fetcher, SimulatorPath.adyenEncryptCvc, { cvc }, AdyenEncryptedCvcSchema, adyenError),
    adyenFingerprint: (token: string) =>
      post(fetcher, SimulatorPath.adyenFingerprint, { token }, AdyenThreeDsResultSchema, adyenError),
  };
}

export type Simulators = ReturnType<typeof simulators>;
