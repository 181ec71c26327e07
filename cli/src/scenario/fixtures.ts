import {
  accounts,
  CardNumber,
  cardByNumber,
  DisplayUid,
  detectScheme,
  FineId,
  fineById,
  missingAccount,
  packages,
  RoomId,
  roomById,
  SAVED_CARDS_DEVICE_ID,
  SignIn,
  savedCardRows,
  WalletToken,
} from '@topup/contracts';

/**
 * Named fixtures. On the mock every name resolves from the test data catalogue (TESTDATA.md, typed in
 * contracts); on a real backend a fixtures file gives the same names their values there.
 */
export type FixtureValue = Record<string, unknown>;

const card = (number: string): FixtureValue => {
  const row = cardByNumber(number);
  const year = (new Date().getUTCFullYear() + 3) % 100;
  return {
    number,
    scheme: row?.scheme ?? detectScheme(number),
    bin: number.slice(0, 6),
    last4: number.slice(-4),
    cvv: row?.scheme === 'amex' ? '1234' : '123',
    // Any future expiry (TESTDATA "Cards"): December, three years on.
    expiry: `12/${String(year).padStart(2, '0')}`,
    holder: 'Reem Test',
  };
};

function catalogueFixtures(): Record<string, FixtureValue> {
  const out: Record<string, FixtureValue> = {};
  for (const [name, displayUid] of Object.entries(DisplayUid)) {
    const account = accounts.find((a) => a.display_uid === displayUid);
    out[`account.${name}`] = account === undefined ? { ...missingAccount } : { ...account };
  }
  for (const [name, number] of Object.entries(CardNumber)) out[`card.${name}`] = card(number);
  for (const row of savedCardRows) {
    out[`savedCard.${row.source_id}`] = { ...row, h5_deviceid: SAVED_CARDS_DEVICE_ID };
  }
  for (const [name, token] of Object.entries(WalletToken)) out[`wallet.${name}`] = { token };
  for (const [name, id] of Object.entries(FineId)) out[`fine.${name}`] = { id, ...(fineById(id) ?? {}) };
  for (const [name, id] of Object.entries(RoomId)) out[`room.${name}`] = { id, ...(roomById(id) ?? {}) };
  for (const item of packages) out[`package.${item.recharge_id}`] = { ...item };
  out['signIn.password'] = { ...SignIn.password };
  out['signIn.ticket'] = { ...SignIn.ticket };
  out['signIn.expiredSession'] = { session_key: SignIn.expiredSessionKey };
  out['signIn.facebook'] = { ...SignIn.facebook };
  out['signIn.google'] = { ...SignIn.google };
  out.device = { h5_deviceid: SAVED_CARDS_DEVICE_ID, uuid: 'cli-device-uuid-0001' };
  // An order id no order has: the order reads answer their not-found code on the mock.
  out['order.sample'] = { order_id: 'ord-contract-check' };
  return out;
}

/** The catalogue, by fixture name. */
export const CATALOGUE_FIXTURES: Readonly<Record<string, FixtureValue>> = catalogueFixtures();
export const FIXTURE_NAMES = Object.keys(CATALOGUE_FIXTURES).sort() as [string, ...string[]];

export type FixtureSource =
  | { readonly kind: 'catalogue' }
  | { readonly kind: 'file'; readonly file: string; readonly values: Readonly<Record<string, FixtureValue>> }
  /** A real backend and no --fixtures file: no fixture has a value. */
  | { readonly kind: 'none' };

export class MissingFixturesError extends Error {
  constructor(
    readonly scenario: string,
    readonly missing: readonly string[],
    readonly file: string | undefined,
  ) {
    super(
      file === undefined
        ? `${scenario}: needs the values of ${missing.join(', ')}, and a real backend's come from a fixtures file: give one with --fixtures <file> (see cli/fixtures/mock-backend.yaml)`
        : `${scenario}: ${file} has no values for ${missing.join(', ')}; add each under \`fixtures:\` in that file, by its name (${missing.map((m) => m.replace(/ \(as .*\)$/, '')).join(', ')}), with the fields the scenario reads.`,
    );
  }
}

/** Resolves a scenario's fixture aliases; every missing name is reported at once. */
export function resolveFixtures(
  scenario: string,
  wanted: Readonly<Record<string, string>>,
  source: FixtureSource,
): Record<string, FixtureValue> {
  const values =
    source.kind === 'catalogue' ? CATALOGUE_FIXTURES : source.kind === 'file' ? source.values : {};
  const out: Record<string, FixtureValue> = {};
  const missing: string[] = [];
  for (const [alias, name] of Object.entries(wanted)) {
    const value = values[name];
    if (value === undefined) missing.push(alias === name ? name : `${name} (as ${alias})`);
    else out[alias] = value;
  }
  if (missing.length > 0) {
    throw new MissingFixturesError(
      scenario,
      missing,
      source.kind === 'file'
        ? source.file
        : source.kind === 'catalogue'
          ? 'the test data catalogue'
          : undefined,
    );
  }
  return out;
}

/** Dotted fixture names as a nested object: `account.reem` → `{ account: { reem } }`, for `${fixtures.account.reem.uid}`. */
export function nestFixtures(values: Readonly<Record<string, FixtureValue>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const parts = name.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node[part] = next !== null && typeof next === 'object' ? next : {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1] ?? name] = value;
  }
  return out;
}
