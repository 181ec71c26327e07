// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { everyContract } from '../test/contracts';
import { envelope, fakeTransport } from '../test/fakeTransport';
import { createClient } from './client';
import { SERVER_TEXT_MAX, serverText } from './serverText';

const longest = 'ب'.repeat(SERVER_TEXT_MAX);

describe('a server message as the page shows it', () => {
  it.each([
    { name: 'plain text as it came', sent: 'الخدمة مشغولة', shown: 'الخدمة مشغولة' },
    {
      name: 'an override dropped',
      sent: 'اتصل على 0500000000\u202E evil',
      shown: 'اتصل على 0500000000 evil',
    },
    { name: 'isolates and marks dropped', sent: '\u2067abc\u200F def\u2069', shown: 'abc def' },
    { name: 'line breaks as one space', sent: 'سطر\n\u2028ثانٍ\t!', shown: 'سطر ثانٍ !' },
    { name: 'the longest kept whole', sent: longest, shown: longest },
    { name: 'a longer one cut, with «…»', sent: `${longest}ج`, shown: `${longest}…` },
    {
      name: 'cut by characters, never inside one',
      sent: '😀'.repeat(300),
      shown: `${'😀'.repeat(SERVER_TEXT_MAX)}…`,
    },
    { name: 'nothing but controls: nothing', sent: '\u202E\u2066 ', shown: '' },
  ])('$name', ({ sent, shown }) => {
    expect(serverText(sent)).toBe(shown);
  });
});

describe('the client shows a server message bounded', () => {
  const call = (status: number, message: string) =>
    createClient({
      contracts: everyContract,
      transport: fakeTransport(() =>
        status === 200
          ? envelope(null, 987654, message)
          : { kind: 'answer', status, body: { result: 1, message } },
      ).transport,
      base: () => '',
      headers: () => ({}),
    }).call('serverTime', {});

  it.each([200, 503])('an unknown code’s message (HTTP %i): stripped and cut', async (status) => {
    const answer = await call(status, `اتصل\u202E ${'س'.repeat(200_000)}`);
    expect(answer.ok).toBe(false);
    const message = answer.ok ? '' : answer.message;
    expect(message).not.toMatch(/\u202E/u);
    expect(Array.from(message)).toHaveLength(SERVER_TEXT_MAX + 1);
    expect(message.startsWith('اتصل س')).toBe(true);
    expect(message.endsWith('…')).toBe(true);
  });

  it('a message of nothing but controls: the general failure, not an empty line', async () => {
    const answer = await call(200, '\u202E');
    expect(answer).toMatchObject({ ok: false, result: 987654 });
    expect(answer.ok ? '' : answer.message).not.toBe('');
  });
});
