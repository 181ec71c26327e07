import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coversFrame, useChallengeLink } from './challengeLink';
import type { ChallengeCheck } from './challengeRun';

/**
 * The connection under an open challenge (review, phone visitor): back online with the order still open, the
 * bank's page is opened again by itself, once per return (the layer's button stays as a fallback); while the
 * connection is lost or being checked, the frame (a browser's error page by then) is covered by the notice.
 */

afterEach(() => vi.restoreAllMocks());

function follow(answers: ChallengeCheck[]) {
  const reopen = vi.fn();
  const pending: ((found: ChallengeCheck) => void)[] = [];
  const check = vi.fn(
    () =>
      new Promise<ChallengeCheck>((resolve) => {
        pending.push(resolve);
      }),
  );
  const host = document.createElement('div');
  const frame = document.createElement('iframe');
  host.append(frame);
  const hostRef = { current: host };
  const hook = renderHook(() => useChallengeLink(true, check, reopen, hostRef));
  const answer = async () => {
    const found = answers.shift() ?? 'open';
    await act(async () => pending.shift()?.(found));
  };
  let onLine = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
  const fire = (type: 'online' | 'offline') =>
    act(() => {
      onLine = type === 'online';
      window.dispatchEvent(new Event(type));
    });
  /** The frame loads a page: offline, the browser's error page. */
  const frameLoads = () => act(() => frame.dispatchEvent(new Event('load')));
  return { hook, reopen, check, answer, fire, frameLoads };
}

describe('the bank page after a lost connection', () => {
  it.each<[ChallengeCheck, number, string]>([
    ['reopenable', 1, 'reopenable'],
    ['open', 0, 'open'],
    ['decided', 0, 'checking'],
  ])('the order found %s: reopened %i time(s) by itself, the layer says %s', async (found, times, link) => {
    const { hook, reopen, answer, fire } = follow([found]);
    fire('offline');
    expect(hook.result.current.link).toBe('offline');
    fire('online');
    expect(hook.result.current.link).toBe('checking');
    expect(reopen).not.toHaveBeenCalled();
    await answer();
    expect(reopen).toHaveBeenCalledTimes(times);
    expect(hook.result.current.link).toBe(link);
  });

  it('lost again before the answer: that stale answer reopens nothing; the next return reopens once', async () => {
    const { hook, reopen, answer, fire, check } = follow(['reopenable', 'reopenable']);
    fire('offline');
    fire('online');
    fire('offline');
    await answer();
    expect(reopen).not.toHaveBeenCalled();
    expect(hook.result.current.link).toBe('offline');
    fire('online');
    await answer();
    expect(check).toHaveBeenCalledTimes(2);
    expect(reopen).toHaveBeenCalledTimes(1);
    expect(hook.result.current.link).toBe('reopenable');
  });
});

describe('what covers the frame', () => {
  it.each([
    ['online', true, false],
    ['offline', true, true],
    ['offline', false, false],
    ['checking', true, true],
    ['checking', false, false],
    ['reopenable', true, false],
    ['open', true, false],
  ] as const)('%s, its last page loaded offline %s → covered %s', (link, pageLost, covered) => {
    expect(coversFrame(link, pageLost)).toBe(covered);
  });

  it('the bank page still in place when the connection goes: not covered; its error page: covered, until reopened', async () => {
    const { hook, answer, fire, frameLoads } = follow(['reopenable']);
    frameLoads();
    fire('offline');
    expect(hook.result.current.covered).toBe(false);
    // The visitor submits the bank's form offline: the frame shows the browser's error page.
    frameLoads();
    expect(hook.result.current.covered).toBe(true);
    fire('online');
    expect(hook.result.current.link).toBe('checking');
    expect(hook.result.current.covered).toBe(true);
    await answer();
    expect(hook.result.current.covered).toBe(false);
    // Reopened online: the bank's page again.
    frameLoads();
    fire('offline');
    expect(hook.result.current.covered).toBe(false);
  });
});
