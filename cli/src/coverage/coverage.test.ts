import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ServerCode } from '@topup/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../test/support/capture';
import { runCli } from '../cli';
import { REPO_ROOT } from './command';
import { formatHtml, formatMarkdown, formatSummary } from './format';
import { specRows } from './rows';
import { buildMatrix, exercises, findTests, gaps, type TestFile } from './scan';

const rows = specRows();
const rowById = (id: string) => {
  const row = rows.find((r) => r.id === id);
  if (row === undefined) throw new Error(`no row ${id}`);
  return row;
};
const unit = (text: string): TestFile => ({ path: 'web/src/x.test.ts', kind: 'unit', text });

describe('the rows of the matrix', () => {
  it('have unique ids and cover every server code of the catalogue, every outcome and wallet reason', () => {
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const code of Object.values(ServerCode).filter((c) => c !== 0)) {
      expect(rows.some((r) => r.id === `code.${code}`)).toBe(true);
    }
    expect(rows.filter((r) => r.group === 'result outcome')).toHaveLength(9);
    expect(rows.filter((r) => r.group === 'wallet failure reason')).toHaveLength(6);
    expect(new Set(rows.map((r) => r.section))).toEqual(new Set(['§8 codes', '§4 transitions', '§5 rules']));
  });
});

describe('which test exercises a row', () => {
  it.each([
    ['a catalogue name', 'code.20001', 'expect(r.result).toBe(ServerCode.banned)', true],
    ['the code as a value', 'code.20001', 'expect: { result: 20001 }', true],
    ['the code inside a longer number', 'code.20001', 'const id = 1200015;', false],
    ['the code as a decimal part', 'code.20001', 'amount: 3.20001', false],
    ['a generic outcome word outside an outcome test', 'outcome.other', "const x = 'other';", false],
    [
      'a generic outcome word in an outcome test',
      'outcome.other',
      "expect(outcomeOf(r)).toBe('other')",
      true,
    ],
    ['a tag', 'rule.cvv', "it('@spec rule.cvv checks the digits', () => {})", true],
    ['a tag for another row', 'rule.cvv', '// @spec rule.holder', false],
    [
      'a room branch',
      'room.noFrames',
      "expect(decideIncrement(3, [])).toEqual({ kind: 'ignore', reason: 'no-frames' })",
      true,
    ],
  ] as const)('%s', (_name, id, text, expected) => {
    expect(exercises(rowById(id), unit(text))).toBe(expected);
  });
});

describe('finding the tests of a repository', () => {
  const root = mkdtempSync(join(tmpdir(), 'topup-coverage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  put('scenarios/account-banned.yaml', 'steps:\n  - call: checkDisplayId\n    expect: { result: 20001 }\n');
  put('scenarios/scenario.schema.json', '{"result": 20001}');
  put(
    'e2e/specs/pay/cards.spec.ts',
    "test('insufficient', () => expect(code).toBe(ServerCode.insufficientBalance));",
  );
  put('web/src/features/x.test.tsx', '// @spec code.20051\n');
  put('web/node_modules/pkg/y.test.ts', 'ServerCode.banned');
  put('cli/src/coverage/own.test.ts', 'ServerCode.banned');
  put('mock-server/src/handler.ts', 'ServerCode.banned');

  it('classifies unit tests, scenarios and e2e specs, and skips dependencies, sources and its own tests', () => {
    expect(findTests(root).map((t) => [t.path, t.kind])).toEqual([
      ['e2e/specs/pay/cards.spec.ts', 'e2e'],
      ['scenarios/account-banned.yaml', 'scenario'],
      ['web/src/features/x.test.tsx', 'unit'],
    ]);
  });

  it('lists each row with its tests, scenarios by name', () => {
    const matrix = buildMatrix(rows, findTests(root));
    expect(matrix.rows.find((r) => r.id === 'code.20001')).toMatchObject({
      unit: [],
      scenario: ['account-banned'],
      e2e: [],
    });
    expect(matrix.rows.find((r) => r.id === 'code.20051')).toMatchObject({
      unit: ['web/src/features/x.test.tsx'],
      e2e: ['e2e/specs/pay/cards.spec.ts'],
    });
  });

  it('fails the check, naming the row, when a row loses its last test', async () => {
    const io = captureIo();
    expect(await runCli(['coverage', '--root', root, '--format', 'summary', '--check'], io)).toBe(1);
    expect(io.stderr()).toMatch(
      /spec rows have no test:\n(?:.*\n)*\s+code\.20186\s+20186 account deactivated/,
    );
    expect(io.stderr()).not.toMatch(/^\s+code\.20001\s/m);
  });

  it('writes md, json and html', async () => {
    const matrix = buildMatrix(rows, findTests(root));
    expect(formatMarkdown(matrix)).toContain(
      '| `code.20001` | 20001 account banned, cannot top up | — | `account-banned` | — |',
    );
    expect(formatHtml(matrix)).toMatch(/^<!doctype html>[\s\S]*<code>account-banned<\/code>/);
    const io = captureIo();
    expect(await runCli(['coverage', '--root', root, '--format', 'json'], io)).toBe(0);
    const json = JSON.parse(io.stdout()) as { rows: unknown[]; untested: { id: string }[] };
    expect(json.rows).toHaveLength(rows.length);
    expect(json.untested.map((r) => r.id)).toContain('code.20186');
  });
});

/** The CI gate, on this repository: every row has a test, or its gap is explained (and still true). */
describe('spec coverage of this repository', () => {
  const matrix = buildMatrix(rows, findTests(REPO_ROOT));

  it('has no row without a test or an explanation', () => {
    expect(gaps(matrix).untested.map((r) => `${r.id} ${r.title}`)).toEqual([]);
  });

  it('carries no explanation for a row that has tests now', () => {
    expect(gaps(matrix).staleExplanations.map((r) => r.id)).toEqual([]);
  });

  it('finds tests of every kind', () => {
    const summary = formatSummary(matrix);
    expect(summary).toContain('| §5 rules |');
    expect(matrix.rows.some((r) => r.scenario.length > 0)).toBe(true);
    expect(matrix.rows.some((r) => r.e2e.length > 0)).toBe(true);
    expect(matrix.rows.some((r) => r.unit.length > 0)).toBe(true);
  });
});
