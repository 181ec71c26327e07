import { cardNumberValid } from '@topup/contracts/cardNumber';

/**
 * Keeps card numbers, CVVs and passwords out of the journal and the logs: named secret fields are replaced,
 * and any run of 12–19 digits that passes the Luhn check is masked wherever it appears.
 */
const SECRET_KEY = /(^|_)(card_?number|number|pan|cvv|cvc|cvn|security_?code|password|pass)$/i;
const DIGIT_RUN = /\d(?:[ -]?\d){11,18}/g;
/** A cheap first look: a string with fewer than 12 digits in a row (allowing separators) holds no card number. */
const LONG_DIGITS = /\d(?:[ -]?\d){11}/;

export function maskCardNumbers(text: string): string {
  return text.replace(DIGIT_RUN, (run) => {
    const digits = run.replace(/\D/g, '');
    return cardNumberValid(digits) ? `[card ${digits.slice(0, 6)}…${digits.slice(-4)}]` : run;
  });
}

/** Whether a flat parameter object holds nothing to hide, so it can be kept as it is. */
function isClean(params: Record<string, unknown>): boolean {
  for (const key in params) {
    if (SECRET_KEY.test(key)) return false;
    const value = params[key];
    if (typeof value === 'string') {
      if (LONG_DIGITS.test(value)) return false;
    } else if (value !== null && typeof value === 'object') return false;
  }
  return true;
}

export function redact(value: unknown, key = ''): unknown {
  if (key === '' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    if (isClean(value as Record<string, unknown>)) return value;
  }
  if (key && SECRET_KEY.test(key)) return '[redacted]';
  if (typeof value === 'string') return maskCardNumbers(value);
  if (Array.isArray(value)) return value.map((v) => redact(v));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, k)]));
  }
  return value;
}

/** Redacts a URL's query string for logs: every secret parameter and any card number. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const [k, v] of [...params]) params.set(k, String(redact(v, k)));
  return `${url.slice(0, q)}?${params.toString()}`;
}
