import { testCards } from '@topup/contracts';
import { isCardField, isIdField, maskCardDataIn, maskCardNumber, snakeCase } from '../contract/cardData';
import { CATALOGUE_FIXTURES } from '../scenario/fixtures';
import { visibleJson } from './visible';

/**
 * Secrets never reach a report, a log line, an error, a curl line or a recording: `mask` is the one function
 * every printer calls. Secrets are masked by value — every card number, CVV, password, session key and token
 * that a fixture (catalogue or fixtures file) or a scenario holds — and, inside structured values, by field
 * name: in records, multipart parts, a request's URL query and its JSON or form body, and JSON carried inside
 * a query value, a form field or a string field (a `platform_data`). The one pattern masked in any text is card
 * data as contract/cardData.ts detects it in answers: a run of digits holding a card number by the shared
 * `findCardNumbers` (kept to its last four; not in an `…id` or `…order` field) and a CVV named in prose
 * (`cvv 737`). Nothing else is guessed at, so a word such as "fixtures" or an order id is never touched.
 */

/**
 * Secret field names, as the mock's journal redaction names them (mock-server/src/contract/redact.ts):
 * card numbers, CVVs, passwords and sign-in secrets, and any `…_token` (a CVV token, a wallet token, the
 * account token header). Names are compared in snake case (`cardNumber`, `x-session-key` → `card_number`,
 * `x_session_key`).
 */
const SECRET_FIELD =
  /(^|_)(card_?number|number|pan|cvv|cvv2|cvc|cvn|security_?code|password|session_?key|skey|ticket|token|access_?token|id_?token|fb_?token|credential)$/;
/** The card component's encrypted fields (encryptedCardNumber, encryptedSecurityCode, encryptedExpiry…). */
const ENCRYPTED_FIELD = /^encrypted_/;
/** Not a secret though named like one: the device id is never a credential (mock-server README, "Security"). */
const NOT_SECRET = new Set(['x_device_token', 'device_token']);

/** Card numbers: masked to their last four digits, whether written together or in groups. */
const cardNumbers = new Set<string>();
/** Other secret values (CVVs, passwords, keys, tokens): masked whole. */
const secretValues = new Set<string>();

export function isSecretField(key: string): boolean {
  const name = snakeCase(key);
  return (
    !NOT_SECRET.has(name) && (SECRET_FIELD.test(name) || ENCRYPTED_FIELD.test(name) || isCardField(name))
  );
}

/** Registers one value as a secret: a run of 12 or more digits is a card number, anything else is masked whole. */
export function registerSecret(value: unknown): void {
  if (typeof value !== 'string' && typeof value !== 'number') return;
  const text = String(value).trim();
  if (text.length < 3 || text.includes('${')) return;
  const digits = text.replace(/[ -]/g, '');
  if (/^\d{12,19}$/.test(digits)) cardNumbers.add(digits);
  else for (const form of encodedForms(text)) secretValues.add(form);
}

/**
 * A secret as it is written and as it travels in a URL or a form: percent-encoded (by encodeURIComponent, by
 * RFC 3986's stricter set, by a form's, `!` as `%21`), form-encoded (a space as `+`), in either case of hex,
 * so a server that echoes a request's query (`password=Passw0rd%21`) never shows it.
 */
function encodedForms(text: string): Set<string> {
  const uri = encodeURIComponent(text);
  const strict = uri.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const form = new URLSearchParams([['', text]]).toString().slice(1);
  const forms = new Set([text, uri, strict, form, form.replace(/\+/g, '%20'), uri.replace(/%20/g, '+')]);
  for (const encoded of [...forms]) forms.add(encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
  return forms;
}

/** Registers the secret fields of fixture values by name (wallet outcome tokens are test switches, not secrets). */
export function registerFixtureSecrets(values: Readonly<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(values))
    if (!name.startsWith('wallet.')) registerSecretsOf(value);
}

/** Registers the secret fields of a value (and of any nested record). */
export function registerSecretsOf(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) registerSecretsOf(item);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, field] of Object.entries(value)) {
    if (isSecretField(key)) registerSecret(field);
    else if (field !== null && typeof field === 'object') registerSecretsOf(field);
  }
}

for (const card of testCards) cardNumbers.add(card.number);
// The catalogue's own secrets (test card CVVs, passwords, session keys, sign-in tokens) are always known.
registerFixtureSecrets(CATALOGUE_FIXTURES);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const DIGIT_RUN = /(?<![\d])\d(?:[ -]?\d){11,18}(?![\d])/g;

/** Masks every registered secret value in a text, and card data (unless the text is an identifier's value). */
function maskSecrets(text: string, key?: string): string {
  let out = key !== undefined && isIdField(key) ? text : maskCardDataIn(text);
  out = out.replace(DIGIT_RUN, (run) => {
    const digits = run.replace(/[ -]/g, '');
    return cardNumbers.has(digits) ? maskCardNumber(digits) : run;
  });
  // Longest first, so a secret containing another is masked whole; only whole tokens, not parts of words.
  for (const secret of [...secretValues].sort((a, b) => b.length - a.length)) {
    if (!out.includes(secret)) continue;
    out = out.replace(new RegExp(`(?<![A-Za-z0-9_.])${escapeRegExp(secret)}(?![A-Za-z0-9_])`, 'g'), '•••');
  }
  return out;
}

/** The value of a secret field as shown: a card number keeps its last four, anything else is •••. */
function maskedField(key: string, value: string | number): string | number {
  const digits = String(value).replace(/[ -]/g, '');
  if (/^\d{12,19}$/.test(digits)) return maskCardNumber(digits);
  // `number` is a card number only when it looks like one; elsewhere it is an ordinary field.
  const name = snakeCase(key);
  return /(^|_)number$/.test(name) && !/(^|_)card_?number$/.test(name) ? value : '•••';
}

const QUERY_PAIR = /([?&])([^=&#\s'"]+)=([^&#\s'"]*)/g;

const fieldName = (raw: string): string => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

/** Masks the secret fields of a URL's query by name (`?uid=1&token=•••`); the rest of the URL is kept. */
function maskQuery(url: string): string {
  return url.replace(QUERY_PAIR, (pair, separator: string, key: string, value: string) => {
    const name = fieldName(key);
    if (value === '') return pair;
    if (isSecretField(name)) return `${separator}${key}=${String(maskedField(name, fieldName(value)))}`;
    // A JSON value (platform_data, ext) is masked inside, and travels encoded again.
    const decoded = fieldName(value);
    const inner = maskJsonText(decoded);
    return inner === decoded ? pair : `${separator}${key}=${encodeURIComponent(inner)}`;
  });
}

/**
 * Masks the secret fields of a text body by name: a JSON object's fields, or a form's (`a=1&token=x`).
 * Any other text is returned as it is.
 */
function maskBody(body: string): string {
  const json = maskJsonText(body);
  if (json !== body) return json;
  if (/^[^=&\s]+=[^\s]*$/.test(body)) return maskQuery(`&${body}`).slice(1);
  return body;
}

/** A JSON object or array written as text, its secret fields masked; any other text as it is. */
function maskJsonText(text: string): string {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    const parsed = JSON.parse(text) as unknown;
    const masked = JSON.stringify(maskFields(parsed));
    return masked === JSON.stringify(parsed) ? text : masked;
  } catch {
    return text;
  }
}

/** Secret fields by name, in records, multipart `[name, value]` pairs, URL queries (`url`, `path`) and text bodies. */
function maskFields(value: unknown, key?: string): unknown {
  if (key !== undefined && isSecretField(key) && (typeof value === 'string' || typeof value === 'number'))
    return maskedField(key, value);
  if (typeof value === 'string') {
    if (key === 'url' || key === 'path') return maskQuery(value);
    if (key === 'body') return maskBody(value);
    return maskJsonText(value);
  }
  if (Array.isArray(value)) {
    const [name, field] = value;
    if (value.length === 2 && typeof name === 'string' && typeof field === 'string' && isSecretField(name))
      return [name, maskedField(name, field)];
    return value.map((item) => maskFields(item));
  }
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskFields(v, k)]));
  return value;
}

/**
 * The one masking function, for every text and value the CLI prints or writes: secret fields by name (card
 * numbers keep their last four) — in records, in multipart parts, in a request's URL query and text body, in
 * JSON carried in a string — and every string by value and for card data. A plain text (a failure line, an
 * error) is masked by value and for card data only.
 */
export function mask<T>(value: T): T {
  const walk = (node: unknown, key?: string): unknown => {
    if (typeof node === 'string') return maskSecrets(node, key);
    if (Array.isArray(node)) return node.map((item) => walk(item, key));
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k)]));
    }
    return node;
  };
  return walk(maskFields(value)) as T;
}

/**
 * An address as a command shows it (`room watch`'s --url and --api): its user name and password, every
 * query value and the fragment as •••, whatever their names — a room server's token or session key may ride
 * in the query under any name — and its path through `mask` (secrets by value, card data). The names stay,
 * so a reader sees what the address carries; the scheme, host and port are kept as written (a port is no
 * secret, though its digits may equal one). Works on the text, so an address that does not parse is masked
 * as well.
 */
export function maskAddress(address: string): string {
  const authority = /^[a-z][\w+.-]*:\/\/[^/?#]*/i.exec(address)?.[0] ?? '';
  const origin = authority.replace(/^([^:]+:\/\/)[^/?#]*@/, '$1•••@');
  const rest = address.slice(authority.length);
  const hashAt = rest.indexOf('#');
  const beforeHash = hashAt === -1 ? rest : rest.slice(0, hashAt);
  const hash = hashAt === -1 || hashAt === rest.length - 1 ? '' : '#•••';
  const queryAt = beforeHash.indexOf('?');
  if (queryAt === -1) return `${origin}${mask(beforeHash)}${hash}`;
  const query = beforeHash
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      if (pair === '') return pair;
      const equals = pair.indexOf('=');
      return equals === -1 ? '•••' : `${pair.slice(0, equals)}=•••`;
    })
    .join('&');
  return `${origin}${mask(`${beforeHash.slice(0, queryAt)}?${query}`)}${hash}`;
}

/**
 * A report as the JSON reporters print it (scenarios, the contract check, fuzz): masked, indented, and with
 * the characters a terminal would act on or reorder written as `\uXXXX` escapes (JSON.stringify escapes only
 * C0): the same value once parsed, but a server's text cannot recolour or reorder what a terminal shows.
 */
export function jsonReport(report: unknown): string {
  return `${visibleJson(JSON.stringify(mask(report), null, 2))}\n`;
}
