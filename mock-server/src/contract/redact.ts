import { mayHoldCardNumber, replaceCardNumbers } from '@topup/contracts/cardNumber';

/**
 * Keeps card numbers, CVVs, passwords and sign-in secrets (session keys, tickets, social tokens) out of the
 * journal and the logs: named secret fields are replaced, any run of digits holding a card number is masked
 * (with the CVV or expiry typed beside it; a JSON number's digits too), and a session key or ticket is masked wherever it appears (JSON
 * carried in a string included).
 */
const SECRET_KEY =
  /(^|_)(card_?number|number|pan|cvv|cvc|cvn|security_?code|password|pass|session_?key|skey|ticket|token|access_?token|id_?token|fb_?token|credential)$/i;
/** Session keys (sk-…) and login tickets (tk-…) as the mock issues them and TESTDATA names them. */
const SIGN_IN_SECRET = /\b(sk|tk)-[A-Za-z0-9_-]{4,}/g;
const HAS_SIGN_IN_SECRET = /\b(sk|tk)-[A-Za-z0-9_-]{4,}/;
/** A secret carried in a URL's query (a hosted or 3-D Secure page's one-time token, a session key). */
const QUERY_SECRET =
  /([?&](?:token|session_?key|skey|ticket|access_?token|id_?token|fb_?token|password)=)[^&#\s"']+/gi;
const HAS_QUERY_SECRET =
  /[?&](?:token|session_?key|skey|ticket|access_?token|id_?token|fb_?token|password)=/i;
/** Deeper than this, a value is replaced whole: nothing legitimate nests so far, and nothing recurses on it. */
export const REDACT_MAX_DEPTH = 32;
const TOO_DEEP = '[too deep]';

/**
 * Each run of digits holding a card number (contracts' `findCardNumbers`: any script, any grouping, a CVV or
 * expiry typed in the same run) is masked whole, its first six and last four kept to tell cards apart.
 */
export function maskCardNumbers(text: string): string {
  return replaceCardNumbers(text, (card) => `[card ${card.bin}…${card.last4}]`);
}

/**
 * A card number sent as a JSON number (`{"int_param1":4242424242424242}`): its digits are what would be
 * masked in a string. One past the exact integers (2^53) has lost its last digits, yet may keep the first 16
 * of a card number: beginning with a card issuer's digit (2 to 6), it is masked whole.
 */
function maskNumber(value: number): number | string {
  if (!Number.isInteger(value) || Math.abs(value) < 1e11) return value;
  const digits = BigInt(Math.abs(value)).toString();
  const masked = maskCardNumbers(digits);
  if (masked !== digits) return masked;
  return !Number.isSafeInteger(value) && /^[2-6]/.test(digits) ? '[card number]' : value;
}

function maskText(text: string): string {
  let masked = mayHoldCardNumber(text) ? maskCardNumbers(text) : text;
  if (HAS_QUERY_SECRET.test(masked)) masked = masked.replace(QUERY_SECRET, '$1[redacted]');
  return HAS_SIGN_IN_SECRET.test(masked) ? masked.replace(SIGN_IN_SECRET, '$1-[redacted]') : masked;
}

/** Whether a flat parameter object holds nothing to hide, so it can be kept as it is. */
function isClean(params: Record<string, unknown>): boolean {
  for (const key in params) {
    if (SECRET_KEY.test(key)) return false;
    const value = params[key];
    if (typeof value === 'string') {
      if (mayHoldCardNumber(value) || HAS_SIGN_IN_SECRET.test(value) || HAS_QUERY_SECRET.test(value))
        return false;
    } else if (typeof value === 'number') {
      if (maskNumber(value) !== value) return false;
    } else if (value !== null && typeof value === 'object') return false;
  }
  return true;
}

/** One value still to copy: where its copy goes, under which key, and how deep it sits. */
interface Pending {
  readonly value: unknown;
  readonly key: string;
  readonly depth: number;
  readonly put: (copy: unknown) => void;
}

/** A redacted copy, built without recursion (a hostile body may nest deeply); past REDACT_MAX_DEPTH, cut. */
export function redact(value: unknown, key = ''): unknown {
  if (key === '' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    if (isClean(value as Record<string, unknown>)) return value;
  }
  let result: unknown;
  const stack: Pending[] = [
    {
      value,
      key,
      depth: 0,
      put: (copy) => {
        result = copy;
      },
    },
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: v, key: k, depth, put } = item;
    if (k !== '' && SECRET_KEY.test(k)) put('[redacted]');
    else if (typeof v === 'string') put(maskText(v));
    else if (typeof v === 'number') put(maskNumber(v));
    else if (v === null || typeof v !== 'object') put(v);
    else if (depth >= REDACT_MAX_DEPTH) put(TOO_DEEP);
    else if (Array.isArray(v)) {
      const copy: unknown[] = new Array(v.length);
      put(copy);
      v.forEach((entry, i) => {
        stack.push({
          value: entry,
          key: '',
          depth: depth + 1,
          put: (c) => {
            copy[i] = c;
          },
        });
      });
    } else {
      const copy: Record<string, unknown> = {};
      put(copy);
      for (const [childKey, entry] of Object.entries(v)) {
        // defineProperty: a key "__proto__" from a parsed body stays a plain key, never the prototype.
        // Defined now, filled when popped, so the copy keeps the original's key order.
        const put = (c: unknown) =>
          Object.defineProperty(copy, childKey, {
            value: c,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        put(undefined);
        stack.push({ value: entry, key: childKey, depth: depth + 1, put });
      }
    }
  }
  return result;
}

/** Redacts a URL's query string for logs: every secret parameter, any card number, session key or ticket. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const [k, v] of [...params]) params.set(k, String(redact(v, k)));
  return `${url.slice(0, q)}?${params.toString()}`;
}
