import { describe, expect, it } from 'vitest';
import { normaliseEnvelope } from './envelope';

describe('normaliseEnvelope', () => {
  it.each([
    ['result 0', { result: 0, message: 'ok', data: { a: 1 } }, { result: 0, message: 'ok', data: { a: 1 } }],
    ['code 200 maps to 0', { code: 200, message: 'ok', data: 1 }, { result: 0, message: 'ok', data: 1 }],
    ['code 0 stays 0', { code: 0, data: null }, { result: 0, message: '', data: null }],
    [
      'code non-zero kept',
      { code: 20001, message: 'banned' },
      { result: 20001, message: 'banned', data: undefined },
    ],
    [
      'result wins over code',
      { result: 20186, code: 200, message: 'm' },
      { result: 20186, message: 'm', data: undefined },
    ],
    ['result 200 is not mapped', { result: 200, message: '' }, { result: 200, message: '', data: undefined }],
    ['msg used when message absent', { result: 1, msg: 'x' }, { result: 1, message: 'x', data: undefined }],
    [
      'negative session code',
      { result: -10000, message: 'logged out' },
      { result: -10000, message: 'logged out', data: undefined },
    ],
  ])('%s', (_name, body, expected) => {
    expect(normaliseEnvelope(body)).toEqual({ ok: true, envelope: expected });
  });

  it.each([
    ['no result nor code', { message: 'x', data: 1 }],
    ['result not an integer', { result: '0' }],
    ['a string body', 'hello'],
    ['null', null],
    ['an array', [0]],
  ])('refuses %s without throwing', (_name, body) => {
    const out = normaliseEnvelope(body);
    expect(out.ok).toBe(false);
  });
});
