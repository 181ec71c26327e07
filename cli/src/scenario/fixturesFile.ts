import { CALL_NAMES, type CallName } from '@topup/contracts';
import { UsageError } from '../io';
import { readTextFile } from '../readText';
import { didYouMean } from './didYouMean';
import { readDocument } from './document';
import { CATALOGUE_FIXTURES, FIXTURE_NAMES, type FixtureValue } from './fixtures';
import { expectedRefusalProblem } from './forced';
import { isRecord } from './issues';

/**
 * A fixtures file gives a real backend's values to the fixture names the scenarios and the contract check
 * use (the mock resolves them from the test data catalogue instead), lists the writes the contract check may
 * make there, and the refusals it should expect (a call refused with a listed code was never checked
 * against its data schema, so it fails the check unless the file says that refusal is expected).
 *
 * Validated as strictly as a scenario file: every fixture name must be one of the catalogue's, every field
 * one that name has in the catalogue, of the same JSON type; every problem is reported at once.
 */
export interface FixturesFile {
  readonly fixtures: Readonly<Record<string, FixtureValue>>;
  readonly safeWrites: readonly CallName[];
  readonly expectRefusals: Readonly<Partial<Record<CallName, readonly number[]>>>;
}

export class FixturesFileError extends UsageError {
  constructor(
    readonly file: string,
    readonly reasons: readonly string[],
  ) {
    super(`invalid fixtures file ${file}:\n${reasons.map((r) => `  - ${r}`).join('\n')}`);
  }
}

const TOP_KEYS = ['version', 'fixtures', 'safeWrites', 'expectRefusals'];

/** The JSON type as a scenario author reads it. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return Number.isInteger(value) ? 'an integer' : 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'a mapping';
    default:
      return typeof value;
  }
}

/** Checks a parsed fixtures document; answers the file, or every problem found. */
export function checkFixturesDocument(
  document: unknown,
): { ok: true; file: FixturesFile } | { ok: false; reasons: string[] } {
  if (!isRecord(document)) {
    return {
      ok: false,
      reasons: ['(file): expected a mapping with version, fixtures, safeWrites, expectRefusals'],
    };
  }
  const reasons: string[] = [];
  for (const key of Object.keys(document)) {
    if (!TOP_KEYS.includes(key))
      reasons.push(`${key}: unknown key${didYouMean(key, TOP_KEYS)}; valid keys: ${TOP_KEYS.join(', ')}`);
  }
  if (document.version !== 1) {
    reasons.push(`version: expected 1, got ${JSON.stringify(document.version ?? null)}; valid versions: 1`);
  }
  const fixtures: Record<string, FixtureValue> = {};
  const rawFixtures = document.fixtures ?? {};
  if (!isRecord(rawFixtures))
    reasons.push(`fixtures: expected a mapping of fixture name → fields, got ${jsonType(rawFixtures)}`);
  else {
    for (const [name, value] of Object.entries(rawFixtures)) {
      // Own names only: `__proto__` (or `constructor`) must not find Object.prototype's.
      const known = Object.hasOwn(CATALOGUE_FIXTURES, name) ? CATALOGUE_FIXTURES[name] : undefined;
      if (known === undefined) {
        reasons.push(
          `fixtures.${name}: unknown fixture name${didYouMean(name, FIXTURE_NAMES)}; valid names: ${FIXTURE_NAMES.join(', ')}`,
        );
        continue;
      }
      if (!isRecord(value)) {
        reasons.push(
          `fixtures.${name}: expected a mapping of fields (${Object.keys(known).join(', ')}), got ${jsonType(value)}`,
        );
        continue;
      }
      for (const [field, fieldValue] of Object.entries(value)) {
        if (!Object.hasOwn(known, field)) {
          const fields = Object.keys(known);
          reasons.push(
            `fixtures.${name}.${field}: unknown field${didYouMean(field, fields)}; ${name} has ${fields.join(', ')}`,
          );
          continue;
        }
        const want = jsonType(known[field]);
        const got = jsonType(fieldValue);
        const numeric = (t: string) => t === 'an integer' || t === 'a number';
        if (
          want !== got &&
          !(numeric(want) && numeric(got) && want === 'a number') &&
          known[field] !== null
        ) {
          reasons.push(
            `fixtures.${name}.${field}: expected ${want}, got ${got} ${JSON.stringify(fieldValue)}`,
          );
        }
      }
      // The guest is the account whose is_guest is true (TESTDATA Accounts): a file saying otherwise is wrong.
      if (name === 'account.guest' && Object.hasOwn(value, 'is_guest') && value.is_guest !== true)
        reasons.push(
          `fixtures.account.guest.is_guest: a guest has is_guest true (TESTDATA Accounts), got ${JSON.stringify(value.is_guest)}; say true or leave it out`,
        );
      fixtures[name] = value;
    }
  }
  const safeWrites: CallName[] = [];
  const rawWrites = document.safeWrites ?? [];
  if (!Array.isArray(rawWrites))
    reasons.push(`safeWrites: expected a list of call names, got ${jsonType(rawWrites)}`);
  else {
    for (const [i, call] of rawWrites.entries()) {
      if (typeof call === 'string' && (CALL_NAMES as readonly string[]).includes(call))
        safeWrites.push(call as CallName);
      else
        reasons.push(
          `safeWrites[${i}]: unknown call ${JSON.stringify(call)}${typeof call === 'string' ? didYouMean(call, CALL_NAMES) : ''}`,
        );
    }
  }
  const expectRefusals: Partial<Record<CallName, number[]>> = {};
  const rawRefusals = document.expectRefusals ?? {};
  if (!isRecord(rawRefusals)) {
    reasons.push(
      `expectRefusals: expected a mapping of call name → list of result codes, got ${jsonType(rawRefusals)}`,
    );
  } else {
    for (const [call, codes] of Object.entries(rawRefusals)) {
      if (!(CALL_NAMES as readonly string[]).includes(call)) {
        reasons.push(`expectRefusals.${call}: unknown call${didYouMean(call, CALL_NAMES)}`);
        continue;
      }
      const list = Array.isArray(codes) ? codes : [codes];
      const bad = list.filter((c) => !Number.isInteger(c) || c === 0);
      if (bad.length > 0 || list.length === 0) {
        reasons.push(
          `expectRefusals.${call}: expected a list of non-zero result codes such as [23001], got ${JSON.stringify(codes)}`,
        );
        continue;
      }
      // Only a refusal of the call's own can be right for the fixtures' values (expectedRefusalProblem): not
      // a failure of the service, a code every call may answer, a logged-out session, nor a typo.
      const impossible = (list as number[])
        .map((code) => expectedRefusalProblem(call as CallName, code))
        .filter((problem) => problem !== undefined);
      if (impossible.length > 0) {
        reasons.push(...impossible.map((problem) => `expectRefusals.${call}: ${problem}`));
        continue;
      }
      expectRefusals[call as CallName] = list as number[];
    }
  }
  return reasons.length > 0
    ? { ok: false, reasons }
    : { ok: true, file: { fixtures, safeWrites, expectRefusals } };
}

/** A fixtures file's largest size: a few named accounts and cards; a bigger file is no fixtures file. */
const MAX_FIXTURES_BYTES = 1024 * 1024;

export function loadFixturesFile(file: string): FixturesFile {
  let document: unknown;
  try {
    document = readDocument(readTextFile(file, MAX_FIXTURES_BYTES));
  } catch (error) {
    throw new FixturesFileError(file, [`cannot read it: ${(error as Error).message}`]);
  }
  const checked = checkFixturesDocument(document);
  if (!checked.ok) throw new FixturesFileError(file, checked.reasons);
  return checked.file;
}
