import { cardNumberValid } from '@topup/contracts/cardNumber';

/**
 * Keeps card numbers, CVVs, passwords and sign-in secrets (session keys, tickets, social tokens) out of the
 * journal and the logs: named secret fields are replaced, any run of 12–19 digits that passes the Luhn check
 * is masked, and a session key or ticket is masked wherever it appears (JSON carried in a string included).
 */
const SECRET_KEY =
  /(^|_)(card_?number|number|pan|cvv|cvc|cvn|security_?code|password|pass|session_?key|skey|ticket|token|access_?token|id_?token|fb_?token|credential)$/i;
/**
 * What separates a card number's groups as people type it: spaces of any width, dashes,
 * dots, the Arabic separators, underscores and invisible format marks (RLM, LRM, zero-width), up to three in
 * a row ("4242  4242", "4242 - 4242").
 */
const SEPARATOR = String.raw`[\p{Zs}\p{Pd}\p{Cf}\t.\u00B7\u066B\u066C\u2027_]{0,3}`;
/**
 * A whole token of 12–19 digits of any script (\p{Nd}: Arabic-Indic ٤٢, Persian ۴۲, full-width ４２, …). A
 * run inside an ASCII identifier (a hex order id) is not a card number.
 */
const DIGIT_RUN = new RegExp(
  String.raw`(?<![A-Za-z\p{Nd}])\p{Nd}(?:${SEPARATOR}\p{Nd}){11,18}(?![A-Za-z\p{Nd}])`,
  'gu',
);
/** A cheap first look: a string without 12 digits in a row (allowing separators) holds no card number. */
const LONG_DIGITS = new RegExp(String.raw`\p{Nd}(?:${SEPARATOR}\p{Nd}){11}`, 'u');
const ANY_DIGIT = /\p{Nd}/gu;
const NOT_A_DIGIT = /\P{Nd}/gu;
const IS_DIGIT = /^\p{Nd}$/u;

/**
 * A digit of any script as 0–9. Unicode puts each script's digits in runs of ten from zero, runs that may
 * follow one another (the mathematical digits): the value is the distance from the run's start, modulo 10.
 */
function digitValue(digit: string): string {
  const code = digit.codePointAt(0) ?? 48;
  let start = code;
  while (start > 0 && code - start < 60 && IS_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return String((code - start) % 10);
}

/** The ASCII digits of a run typed in any script, separators dropped. */
export function asciiDigits(run: string): string {
  return run.replace(NOT_A_DIGIT, '').replace(ANY_DIGIT, digitValue);
}

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

export function maskCardNumbers(text: string): string {
  return text.replace(DIGIT_RUN, (run) => {
    const digits = asciiDigits(run);
    return cardNumberValid(digits) ? `[card ${digits.slice(0, 6)}…${digits.slice(-4)}]` : run;
  });
}

function maskText(text: string): string {
  let masked = LONG_DIGITS.test(text) ? maskCardNumbers(text) : text;
  if (HAS_QUERY_SECRET.test(masked)) masked = masked.replace(QUERY_SECRET, '$1[redacted]');
  return HAS_SIGN_IN_SECRET.test(masked) ? masked.replace(SIGN_IN_SECRET, '$1-[redacted]') : masked;
}

/** Whether a flat parameter object holds nothing to hide, so it can be kept as it is. */
function isClean(params: Record<string, unknown>): boolean {
  for (const key in params) {
    if (SECRET_KEY.test(key)) return false;
    const value = params[key];
    if (typeof value === 'string') {
      if (LONG_DIGITS.test(value) || HAS_SIGN_IN_SECRET.test(value) || HAS_QUERY_SECRET.test(value))
        return false;
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
