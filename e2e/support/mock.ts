import type { APIRequestContext } from '@playwright/test';

/** The header every control API request carries (the mock refuses /__mock/ calls without it). */
export const CONTROL_HEADERS = { 'x-topup-control': '1' } as const;

/** The mock's control API (/__mock/), for tests that need a fault or a pushed change. */
export async function roomFault(
  request: APIRequestContext,
  rid: number,
  sn: number,
  fault: 'drop' | 'duplicate' | 'reorder',
) {
  const answer = await request.post(`/__mock/rooms/${rid}/faults`, {
    headers: CONTROL_HEADERS,
    data: { sn, fault },
  });
  if (!answer.ok()) throw new Error(`room fault refused: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()) as { result: number; data: { sn: number } };
}

export async function roomPush(request: APIRequestContext, rid: number, directives: unknown[]) {
  const answer = await request.post(`/__mock/rooms/${rid}/push`, {
    headers: CONTROL_HEADERS,
    data: { directives },
  });
  if (!answer.ok()) throw new Error(`room push refused: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()) as { result: number; data: { sn: number } };
}

/**
 * Freezes the mock's clock at now, so a wait it measures (a sign-in delay, an expiry) does not run out while a
 * busy machine is slow between two steps; it moves only when advanced. The next test's reset gives it back.
 */
export async function freezeMockClock(request: APIRequestContext): Promise<void> {
  const answer = await request.post('/__mock/clock', {
    headers: CONTROL_HEADERS,
    data: { set: new Date().toISOString() },
  });
  if (!answer.ok()) throw new Error(`clock refused: ${answer.status()} ${await answer.text()}`);
}

/**
 * A fresh world whose clock is frozen at `now`, its saved cards dated from it, as `npm start -- --now` starts the
 * mock (TESTDATA, Clock): for the expiry rules at another time than the real one. The next test's reset is the
 * real time again.
 */
export async function resetMockAt(request: APIRequestContext, now: Date): Promise<void> {
  const answer = await request.post('/__mock/reset', {
    headers: CONTROL_HEADERS,
    data: { now: now.toISOString() },
  });
  if (!answer.ok()) throw new Error(`reset refused: ${answer.status()} ${await answer.text()}`);
}
