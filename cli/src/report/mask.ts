import { testCards } from '@topup/contracts';
import { CATALOGUE_FIXTURES } from '../scenario/fixtures';

/**
 * Secrets never reach a report, a log line or a curl line. They are masked by value — every card number,
 * CVV, password, session key and token that a fixture (catalogue or fixtures file) or a scenario holds —
 * and, inside structured bodies, by field name. Nothing is masked by guessing at patterns in prose, so a
 * word such as "fixtures" or an order number is never touched.
 */
const SECRET_FIELDS = new Set([
  'number',
  'cardnumber',
  'card_number',
  'cvv',
  'cvc',
  'cvv2',
  'security_code',
  'securitycode',
  'password',
  'session_key',
  'skey',
  'token',
  'id_token',
  'access_token',
  'ticket',
  'encryptedcardnumber',
  'encryptedsecuritycode',
]);

/** Card numbers: masked to their last four digits, whether written together or in groups. */
const cardNumbers = new Set<string>();
/** Other secret values (CVVs, passwords, keys, tokens): masked whole. */
const secretValues = new Set<string>();

export function isSecretField(key: string): boolean {
  return SECRET_FIELDS.has(key.toLowerCase());
}

export function maskCardNumber(digits: string): string {
  return `••••${digits.slice(-4)}`;
}

/** Registers one value as a secret: a run of 12 or more digits is a card number, anything else is masked whole. */
export function registerSecret(value: unknown): void {
  if (typeof value !== 'string' && typeof value !== 'number') return;
  const text = String(value).trim();
  if (text.length < 3 || text.includes('${')) return;
  const digits = text.replace(/[ -]/g, '');
  if (/^\d{12,19}$/.test(digits)) cardNumbers.add(digits);
  else secretValues.add(text);
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

/** Masks every registered secret value in a text. */
export function maskSecrets(text: string): string {
  let out = text.replace(DIGIT_RUN, (run) => {
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
  return key.toLowerCase() === 'number' ? value : '•••';
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
export function maskQuery(url: string): string {
  return url.replace(QUERY_PAIR, (pair, separator: string, key: string, value: string) => {
    const name = fieldName(key);
    if (value === '' || !isSecretField(name)) return pair;
    return `${separator}${key}=${String(maskedField(name, fieldName(value)))}`;
  });
}

/**
 * Masks the secret fields of a text body by name: a JSON object's fields, or a form's (`a=1&token=x`).
 * Any other text is returned as it is.
 */
export function maskBody(body: string): string {
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const parsed = JSON.parse(body) as unknown;
      const masked = JSON.stringify(maskFields(parsed));
      return masked === JSON.stringify(parsed) ? body : masked;
    } catch {
      return body;
    }
  }
  if (/^[^=&\s]+=[^\s]*$/.test(body)) return maskQuery(`&${body}`).slice(1);
  return body;
}

/** Secret fields by name, in records, multipart `[name, value]` pairs, URL queries (`url`, `path`) and text bodies. */
function maskFields(value: unknown, key?: string): unknown {
  if (key !== undefined && isSecretField(key) && (typeof value === 'string' || typeof value === 'number'))
    return maskedField(key, value);
  if (typeof value === 'string') {
    if (key === 'url' || key === 'path') return maskQuery(value);
    if (key === 'body') return maskBody(value);
    return value;
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
 * Masks a structured value: secret fields by name (card numbers keep their last four) — in records, in
 * multipart parts, in a request's URL query and text body — and every string by value.
 */
export function maskDeep<T>(value: T): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return maskSecrets(node);
    if (Array.isArray(node)) return node.map((item) => walk(item));
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    }
    return node;
  };
  return walk(maskFields(value)) as T;
}
