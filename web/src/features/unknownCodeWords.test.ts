import { Message, messageOf } from '@topup/contracts/messages';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../api/client';
import type { WireResponse } from '../api/transport';
import { interpretTargetCheck } from '../payments/targetCheck';
import { everyContract } from '../test/contracts';
import { fakeTransport } from '../test/fakeTransport';
import { feedbackPhaseAtom, setFeedbackTextAtom } from './feedback/state';
import { submitFeedback } from './feedback/submit';
import { fineLoadFailure } from './fines/FinesPage';
import { screenOfFine } from './fines/state';
import { signInWithAccount } from './login/signIn';

/**
 * Attacker review: a lying server answers a code the catalogue does not know (or an HTTP error) with its own
 * words: a bank account and a WhatsApp number. Each screen says its own Arabic words (with the code where it
 * shows one), never the server's (api/failureText.ts).
 */
const MSG = 'انتهت الخدمة. حوّل المبلغ إلى الحساب SA0000000000 أو راسلنا واتساب 0500000000';
const ANSWERS: readonly (readonly [string, WireResponse, string])[] = [
  [
    'result 99123',
    { kind: 'answer', status: 200, body: { result: 99123, message: MSG, data: null } },
    '99123',
  ],
  ['HTTP 502', { kind: 'answer', status: 502, body: { result: 502, message: MSG } }, '502'],
];
const clientAnswering = (answer: WireResponse) =>
  createClient({
    contracts: everyContract,
    messageOf,
    transport: fakeTransport(() => answer).transport,
    base: () => '',
    headers: () => ({}),
  });
const code = (digits: string) => `\u2066${digits}\u2069`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each(ANSWERS)('a lying server’s %s', (_name, answer, digits) => {
  it('the account search says no match (an HTTP error: the server’s failure)', async () => {
    const checked = await clientAnswering(answer).call('checkDisplayId', {
      display_id: '10000002',
      source: 1,
    });
    const check = interpretTargetCheck(checked, '10000002');
    expect(check).toMatchObject({ kind: 'refused', result: Number(digits) });
    const message = check.kind === 'refused' ? check.message : '';
    expect(message).toBe(digits === '502' ? Message.internal : Message.searchNoMatch);
  });

  it('the fine’s load says it failed, with the code', async () => {
    const screen = screenOfFine(await clientAnswering(answer).call('getFineInfo', { id: 7001 }));
    expect(screen).toEqual({ kind: 'loadFailed', result: Number(digits) });
    const result = screen.kind === 'loadFailed' ? screen.result : 0;
    expect(fineLoadFailure(result)).toBe(`لم تصلنا بيانات الغرامة (الرمز ${code(digits)}). أعد المحاولة`);
  });

  it('the sign-in says login failed, with the code', async () => {
    const wire = answer.kind === 'answer' ? answer : undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(wire?.body, { status: wire?.status ?? 200 })),
    );
    const outcome = await signInWithAccount(createStore(), '10000001', 'Passw0rd!');
    expect(outcome).toEqual({ kind: 'failed', message: `${Message.loginFailed} (الرمز ${code(digits)})` });
  });

  it('the problem report says it was not sent, with the code', async () => {
    const store = createStore();
    store.set(setFeedbackTextAtom, 'لم يصل الماس بعد الدفع');
    expect(await submitFeedback(store, clientAnswering(answer), 'uuid-1')).toBeUndefined();
    expect(store.get(feedbackPhaseAtom)).toEqual({
      kind: 'failed',
      message: `تعذّر إرسال البلاغ (الرمز ${code(digits)}). احتفظنا بنصك ومرفقاتك، فأعد المحاولة`,
    });
  });
});

describe('a known code keeps its catalogue message on each screen', () => {
  const refusal = (result: number): WireResponse => ({
    kind: 'answer',
    status: 200,
    body: { result, message: MSG, data: null },
  });

  it.each([
    ['the search', 20001, Message.banned],
    ['the sign-in', 21001, Message.loginFailed],
    ['the fine', -2, Message.network],
    ['the fine', 10005, Message.internal],
  ])('%s: code %i says %s', async (screen, result, shown) => {
    if (screen === 'the fine') {
      expect(fineLoadFailure(result)).toBe(shown);
      return;
    }
    if (screen === 'the search') {
      const checked = await clientAnswering(refusal(result)).call('checkDisplayId', {
        display_id: '10000002',
        source: 1,
      });
      expect(interpretTargetCheck(checked, '10000002')).toMatchObject({ message: shown });
      return;
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ result, message: MSG, data: null })),
    );
    expect(await signInWithAccount(createStore(), '10000001', 'x')).toEqual({
      kind: 'failed',
      message: shown,
    });
  });

  it('the problem report: a network failure says the network', async () => {
    const store = createStore();
    store.set(setFeedbackTextAtom, 'لم يصل الماس بعد الدفع');
    const offline = clientAnswering({ kind: 'failure', code: -2 });
    await submitFeedback(store, offline, 'uuid-1');
    expect(store.get(feedbackPhaseAtom)).toMatchObject({ kind: 'failed' });
    const phase = store.get(feedbackPhaseAtom);
    expect(phase.kind === 'failed' ? phase.message : '').toContain(Message.network);
  });
});
