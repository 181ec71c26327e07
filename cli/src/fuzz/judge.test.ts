import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RawAnswer } from '../http/client';
import { judgeFuzzAnswer } from './judge';
import { Pacer } from './send';

const answer = (status: number, body: unknown, ms = 5): RawAnswer => ({ status, body, ms });
const valid = { wire: { display_id: '10000001', source: '1' } };
const broken = { wire: { source: '1' }, mutation: { field: 'display_id', how: 'missing' as const } };
const ok = {
  result: 0,
  message: '',
  data: { uid: 1001, is_guest: false, display_id: '10000001', status: 0 },
};

describe('judging a fuzzed answer', () => {
  it.each([
    ['a 5xx', valid, true, answer(502, 'bad gateway'), ['server-error', 'envelope']],
    ['a body that is not an envelope', valid, true, answer(200, '<html>'), ['envelope']],
    [
      'a code the call may not answer',
      valid,
      true,
      answer(200, { result: 55555, message: 'x' }),
      ['unknown-code'],
    ],
    [
      'data off its schema',
      valid,
      true,
      answer(200, { result: 0, message: '', data: { uid: 'x' } }),
      ['data'],
    ],
    ['an invalid request answered 0', broken, false, answer(200, ok), ['data', 'invalid-accepted']],
    [
      'a valid request refused by HTTP 400',
      valid,
      true,
      answer(400, { result: 10001, message: 'x' }),
      ['valid-refused-by-http'],
    ],
    [
      'an answer over the time limit',
      valid,
      true,
      answer(200, { result: 20001, message: 'banned' }, 9000),
      ['slow'],
    ],
    [
      'an invalid request answered with a redirect (never followed, never a refusal)',
      broken,
      false,
      { status: 302, body: '', ms: 1, location: 'https://elsewhere.example/' },
      ['http-status', 'envelope'],
    ],
    [
      'a valid request answered 10005 (internal)',
      valid,
      true,
      answer(200, { result: 10005, message: 'boom' }),
      ['server-error'],
    ],
    [
      'an invalid request answered 10005 in place of a refusal',
      broken,
      false,
      answer(200, { result: 10005, message: 'boom' }),
      ['server-error'],
    ],
    [
      'a request answered 10004 (unknown call)',
      valid,
      true,
      answer(200, { result: 10004, message: 'unknown' }),
      ['server-error'],
    ],
    [
      'no answer',
      valid,
      true,
      { status: 0, body: undefined, ms: 1, networkError: 'ECONNRESET' },
      ['network'],
    ],
  ] as const)('fails %s', (_name, request, isValid, raw, kinds) => {
    const verdict = judgeFuzzAnswer('checkDisplayId', request, isValid, raw, 5000);
    expect([...new Set(verdict.problems.map((p) => p.kind))].sort()).toEqual([...kinds].sort());
  });

  it.each([
    ['a refusal code of the call', valid, true, answer(200, { result: 20001, message: 'banned' })],
    [
      'an invalid request refused with 10001 and HTTP 400',
      broken,
      false,
      answer(400, { result: 10001, message: 'x' }),
    ],
    ['the rate limit', valid, true, answer(429, { result: 10002, message: 'slow down' })],
  ] as const)('passes %s', (_name, request, isValid, raw) => {
    expect(judgeFuzzAnswer('checkDisplayId', request, isValid, raw, 5000).problems).toEqual([]);
  });

  it('names the field an invalid request broke', () => {
    const verdict = judgeFuzzAnswer('checkDisplayId', broken, false, answer(200, ok), 5000);
    expect(verdict.problems.find((p) => p.kind === 'invalid-accepted')).toMatchObject({
      field: 'display_id',
      message: expect.stringContaining('display_id: missing'),
    });
  });
});

describe('the pacer', () => {
  afterEach(() => vi.useRealTimers());

  it('lets at most the given number of requests through a second', async () => {
    vi.useFakeTimers();
    const pacer = new Pacer(4);
    const released: number[] = [];
    const start = performance.now();
    const all = Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => {
        await pacer.wait();
        released.push(Math.round(performance.now() - start));
        return i;
      }),
    );
    await vi.advanceTimersByTimeAsync(2000);
    await all;
    expect(released).toEqual([0, 250, 500, 750, 1000]);
  });

  it('does not wait without a rate', async () => {
    const pacer = new Pacer();
    await expect(Promise.all([pacer.wait(), pacer.wait()])).resolves.toEqual([undefined, undefined]);
  });
});
