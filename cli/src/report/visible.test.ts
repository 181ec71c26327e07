import { describe, expect, it } from 'vitest';
import { render } from '../commands/runReport';
import { formatContractTable } from './contract';
import { formatPretty } from './pretty';
import type { RunReport } from './types';
import { visible } from './visible';

/** What a hostile server may put in a message: erase the line, recolour, a fake verdict, a bell, a NUL, RLO. */
const HOSTILE = '\u001b[2K\r\u001b[32mok\u001b[0m\nPASSED 70 scenarios\u0007\u0000 \u202eevil\u0085\u2066';
/** Anything a terminal would act on instead of print (the CLI's own colours are off here). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for exactly these
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const report = (verbose: string): RunReport => ({
  kind: 'scenarios',
  target: 'http://127.0.0.1:1',
  startedAt: '2026-11-21T09:00:00.000Z',
  ms: 5,
  passed: false,
  totals: { scenarios: { passed: 0, failed: 1, skipped: 0 }, steps: { passed: 0, failed: 1, skipped: 1 } },
  scenarios: [
    {
      name: 'account-normal',
      file: 'a.yaml',
      description: 'x',
      tags: [],
      status: 'failed',
      ms: 5,
      error: `scenario: ${HOSTILE}`,
      steps: [
        {
          index: '1',
          label: `checkDisplayId ${HOSTILE}`,
          kind: 'call',
          status: 'failed',
          ms: 1,
          failures: [`expected result 0, got 20001 (${HOSTILE})`],
          request: { method: 'POST', url: 'http://127.0.0.1:1/api/x/', headers: {}, body: verbose },
          response: { status: 200, body: { result: 20001, message: HOSTILE, data: { nick: HOSTILE } } },
          frames: [{ atMs: 1, event: { type: 'refresh', status: HOSTILE } }],
        },
        {
          index: '2',
          label: 'getRechargeListV3',
          kind: 'call',
          status: 'skipped',
          ms: 0,
          failures: [],
          skipReason: `after ${HOSTILE}`,
        },
      ],
    },
  ],
});

describe('server text in the pretty output', () => {
  it('escapes control characters and bidi overrides visibly, keeping other text as it is', () => {
    expect(visible('a\u001bb\r\u0000\u202ec محظور\n')).toBe('a\\x1bb\\x0d\\x00\\u202ec محظور\\x0a');
    expect(visible('{\n  "a": "\u0007"\n}', true)).toBe('{\n  "a": "\\x07"\n}');
  });

  it.each([false, true])(
    'never prints them raw in failures, labels, recap, bodies and frames (-v %s)',
    (v) => {
      const text = formatPretty(report(`raw ${HOSTILE}`), { colour: false, verbose: v });
      expect(text).not.toMatch(RAW);
      expect(text).toContain(
        '(\\x1b[2K\\x0d\\x1b[32mok\\x1b[0m\\x0aPASSED 70 scenarios\\x07\\x00 \\u202eevil',
      );
      expect(text.split('\n').filter((line) => line.startsWith('PASSED'))).toEqual([]);
    },
  );

  it('escapes them in the contract table too', () => {
    const text = formatContractTable(
      {
        calls: [
          {
            call: 'checkDisplayId',
            method: 'GET',
            path: '/api/x/',
            outcome: 'disagrees',
            result: 20001,
            ms: 1,
            problems: [{ kind: 'field', field: 'message', message: HOSTILE }],
          },
        ],
        counts: { disagrees: 1 },
      } as unknown as Parameters<typeof formatContractTable>[0],
      false,
    );
    expect(text).not.toMatch(RAW);
    expect(text).toContain('\\u202eevil');
  });
});

describe('server text in the JSON reports', () => {
  it('writes it escaped, the same value once parsed', () => {
    const text = render(report(`raw ${HOSTILE}`), 'json', false);
    expect(text).not.toMatch(RAW);
    const parsed = JSON.parse(text) as ReturnType<typeof report>;
    expect(parsed.scenarios[0]?.error).toBe(`scenario: ${HOSTILE}`);
    expect(parsed.scenarios[0]?.steps[0]?.response?.body).toEqual({
      result: 20001,
      message: HOSTILE,
      data: { nick: HOSTILE },
    });
  });
});
