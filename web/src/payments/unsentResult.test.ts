import { ServerCode } from '@topup/contracts/codes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetAllUnsent,
  hasUnsent,
  keepUnsent,
  RESEND_FIRST_WAIT_MS,
  RESEND_TRIES,
  resendUnsent,
  type SendAnswer,
} from './unsentResult';

/** The bank's answer the connection lost: sent again a few times, forgotten once the server answers it. */

afterEach(() => forgetAllUnsent());

const online = { online: () => true, back: () => Promise.resolve() };
const lost: SendAnswer = { ok: false, result: -2 };

function sender(answers: SendAnswer[]) {
  const send = vi.fn(() =>
    Promise.resolve(answers.length > 1 ? (answers.shift() as SendAnswer) : answers[0]),
  );
  return send as unknown as () => Promise<SendAnswer>;
}

describe('resendUnsent', () => {
  it('nothing kept for the order: nothing sent, nothing said', async () => {
    const onUnsent = vi.fn();
    expect(await resendUnsent({ sleep: () => Promise.resolve(), onUnsent }, 'o1')).toBeUndefined();
    expect(onUnsent).not.toHaveBeenCalled();
  });

  it('sent again with a doubling wait until the server answers, then forgotten', async () => {
    const send = sender([lost, lost, { ok: true }]);
    keepUnsent('o1', send);
    const waits: number[] = [];
    const onUnsent = vi.fn();
    const answer = await resendUnsent(
      { sleep: (ms) => Promise.resolve(void waits.push(ms)), connection: online, onUnsent },
      'o1',
    );
    expect(answer).toEqual({ ok: true });
    expect(send).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([RESEND_FIRST_WAIT_MS, RESEND_FIRST_WAIT_MS * 2]);
    expect(onUnsent.mock.calls).toEqual([[true], [false]]);
    expect(hasUnsent('o1')).toBe(false);
  });

  it('a refusal (signed out included) is an answer: not sent again, forgotten', async () => {
    for (const result of [ServerCode.invalidParam, ServerCode.loggedOut]) {
      const send = sender([{ ok: false, result }]);
      keepUnsent('o1', send);
      expect(await resendUnsent({ sleep: () => Promise.resolve(), connection: online }, 'o1')).toEqual({
        ok: false,
        result,
      });
      expect(send).toHaveBeenCalledTimes(1);
      expect(hasUnsent('o1')).toBe(false);
    }
  });

  it('offline: each try waits for the connection first; still unsent after its tries, it stays kept', async () => {
    const send = sender([lost]);
    keepUnsent('o1', send);
    const back = vi.fn(() => Promise.resolve());
    const answer = await resendUnsent(
      { sleep: () => Promise.resolve(), connection: { online: () => false, back } },
      'o1',
    );
    expect(answer).toEqual(lost);
    expect(back).toHaveBeenCalledTimes(RESEND_TRIES);
    expect(send).toHaveBeenCalledTimes(RESEND_TRIES);
    expect(hasUnsent('o1')).toBe(true);
  });
});
