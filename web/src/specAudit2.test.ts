// @vitest-environment node
import type { SavedCard } from '@topup/contracts';
import { applyDirectives } from '@topup/contracts/room/directives';
import type { FullRefreshAnswer } from '@topup/contracts/room/index';
import { applyFullRefresh, initialRoomSyncState, reduceRoomMessage } from '@topup/contracts/room/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, type ErrorInfo } from './api/client';
import { browserTransport } from './api/transport';
import { initialStepState, transition } from './features/pay/steps';
import { CLOSE_RECEIVE_TIMEOUT, RoomClient } from './features/room/realtime';
import {
  validateCvv,
  validateExpiry,
  validateHolder,
  validateNumber,
} from './payments/providers/card/validation';
import { reloadUrlWithDt } from './platform/env';
import { everyContract } from './test/contracts';
import { FakeSocket } from './test/fakeSocket';
import { fakeTransport } from './test/fakeTransport';

/**
 * The second SPEC audit (docs/spec-audit.md, "Second audit"): rules the first audit did not list, each
 * with SPEC's values written out here and run through the modules the pages use.
 */

const clientOver = (send: Parameters<typeof fakeTransport>[0], seen: ErrorInfo[] = []) =>
  createClient({
    contracts: everyContract,
    transport: fakeTransport(send).transport,
    base: () => '',
    headers: () => ({}),
    onError: (info) => seen.push(info),
  });

describe('second audit: the request layer (SPEC §7, §8)', () => {
  it('§7 an answer carrying code 200 instead of result is read as result 0', async () => {
    const client = clientOver(() => ({
      kind: 'answer',
      status: 200,
      body: { code: 200, message: '', data: { ts: 1_795_000_000 } },
    }));
    const answer = await client.call('serverTime', {});
    expect(answer).toEqual({ ok: true, data: { ts: 1_795_000_000 } });
  });

  it('§8 an HTTP error gives result = the status and the message of the body', async () => {
    const seen: ErrorInfo[] = [];
    const client = clientOver(
      () => ({ kind: 'answer', status: 503, body: { result: 1, message: 'maintenance', data: null } }),
      seen,
    );
    const answer = await client.call('serverTime', {});
    expect(answer).toMatchObject({ ok: false, result: 503, message: 'maintenance' });
    expect(seen[0]).toMatchObject({ result: 503, path: '/api/sys/ts/' });
  });

  describe('time-out', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });

    it('§8 -1 "request timed out" once the 60 s limit passes, not before @spec:limit.apiTimeout', async () => {
      vi.stubGlobal(
        'fetch',
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const settled = vi.fn();
      const pending = browserTransport()
        .send({ method: 'GET', url: 'http://127.0.0.1/api/sys/ts/', headers: {}, timeoutMs: 60_000 })
        .then((r) => {
          settled(r);
          return r;
        });
      await vi.advanceTimersByTimeAsync(59_999);
      expect(settled).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toEqual({ kind: 'failure', code: -1 });
      // The app's client gives each call SPEC §9's 60 s unless told otherwise.
      const timed = fakeTransport(() => ({ kind: 'failure', code: -1 }));
      await createClient({
        contracts: everyContract,
        transport: timed.transport,
        base: () => '',
        headers: () => ({}),
      }).call('serverTime', {});
      expect(timed.requests.map((r) => r.timeoutMs)).toEqual([60_000]);
      const client = clientOver(() => ({ kind: 'failure', code: -1 }));
      // «انتهت مهلة الاتصال»: the connection's time ran out.
      expect(await client.call('serverTime', {})).toMatchObject({ result: -1, message: /انتهت مهلة/ });
    });
  });
});

describe('second audit: the card form messages (SPEC §5)', () => {
  const now = new Date('2026-11-21T09:00:00Z');
  it('rule.cardForm: empty fields say "please fill {input}", wrong ones "{input} is filled incorrectly"', () => {
    // The card form is ready only when all four are valid (CardEntry.test.tsx, MockCardFields.test.tsx).
    expect(validateNumber('', 17)).toEqual({ ok: false, message: 'أدخل رقم البطاقة' });
    expect(validateCvv('', 'unknown')).toEqual({ ok: false, message: 'أدخل رمز الأمان (CVV)' });
    expect(validateExpiry('', now)).toEqual({ ok: false, message: 'أدخل تاريخ الانتهاء' });
    expect(validateHolder('')).toEqual({ ok: false, message: 'أدخل اسم حامل البطاقة' });
    expect(validateNumber('4242 4242 4242 4241', 17)).toEqual({ ok: false, message: 'رقم البطاقة غير صحيح' });
    // SPEC's "{input} is filled incorrectly", then which part is wrong (validation.test.ts): the month here.
    expect(validateExpiry('13/29', now)).toEqual({
      ok: false,
      message: 'تاريخ الانتهاء غير صحيح: الشهر من 01 إلى 12، مثل 08/29',
    });
    const good = [
      validateNumber('4242 4242 4242 4242', 17),
      validateCvv('947', 'visa'),
      validateExpiry('1229', now),
      validateHolder('Reem A'),
    ];
    expect(good.every((check) => check.ok)).toBe(true);
  });
});

const savedCard = (overrides: Partial<SavedCard>): SavedCard =>
  ({
    source_id: 'src_visa4242',
    last4: '4242',
    bin: '424242',
    to_uid: 1002,
    scheme: 'visa',
    fingerprint: 'fp1',
    issuer_country: 'SA',
    card_valid_date: '12/29',
    is_bank_expire: 0,
    h5_deviceid: 'd',
    is_remember: 1,
    last_use_at: 1,
    login: 1,
    uid: 1001,
    ...overrides,
  }) as SavedCard;

describe('second audit: pay step transitions (SPEC §4)', () => {
  const now = new Date('2026-11-21T09:00:00Z');
  it('@spec:pay.cardFrame provider 13 (23) and 17 (27) cards go to the card frame; provider 6 (24, 25) orders at once', () => {
    for (const payType of [23, 27] as const) {
      const next = transition(initialStepState, { type: 'chooseChannel', payType });
      expect(next.state.stack).toEqual(['home', 'cardFrame']);
      expect(next.effects).toEqual([]);
    }
    for (const payType of [24, 25] as const) {
      const next = transition(initialStepState, { type: 'chooseChannel', payType });
      expect(next.state.stack).toEqual(['home']);
      expect(next.effects).toEqual([{ kind: 'createOrder', payType, via: 'channel' }]);
    }
  });

  it('@spec:pay.cvv a saved card goes to cvv (one not remembered is never listed, so has no step); wallet token orders', () => {
    const pick = (card: SavedCard) =>
      transition(initialStepState, { type: 'chooseSavedCard', card, payType: 27, now });
    expect(pick(savedCard({})).state.stack).toEqual(['home', 'cardCvv']);
    expect(pick(savedCard({ is_remember: 0 })).state.stack).toEqual(['home', 'cardCvv']);
    const wallet = pick(savedCard({ source_id: 'apple_pay', bin: '000000', last4: '0000' }));
    expect(wallet.effects).toEqual([{ kind: 'createOrder', payType: 27, via: 'savedCard' }]);
  });

  it('a second tap while the order is being made does nothing', () => {
    const ordering = transition(initialStepState, { type: 'ordering' }).state;
    const again = transition(ordering, { type: 'chooseChannel', payType: 24 });
    expect(again.effects).toEqual([]);
    expect(again.state).toBe(ordering);
  });

  it('@spec:pay.back back pops the stack, and from home alone leaves the page', () => {
    const frame = transition(initialStepState, { type: 'chooseChannel', payType: 23 }).state;
    const popped = transition(frame, { type: 'back' });
    // The card frame asks first (one step left to complete the order).
    expect(popped.state.leaving).toBe(true);
    const left = transition(popped.state, { type: 'confirmLeave' });
    expect(left.state.stack).toEqual(['home']);
    expect(transition(initialStepState, { type: 'back' }).effects).toEqual([{ kind: 'leavePage' }]);
  });
});

describe('second audit: page update (SPEC §4)', () => {
  it('@spec:page.update the reload URL keeps the page and its query and sets a fresh dt', () => {
    const next = new URL(reloadUrlWithDt('https://h.example/pay?tab=2&dt=1#x', 1_795_000_123_000));
    expect(next.pathname).toBe('/pay');
    expect(next.searchParams.get('tab')).toBe('2');
    expect(next.searchParams.getAll('dt')).toEqual(['1795000123000']);
  });
});

describe('second audit: room status sync (SPEC §4)', () => {
  const frame = (sn: number, key: string) => ({
    sn,
    command: [{ op: 'mset' as const, values: { [key]: sn } }],
  });
  const inc = (rid: string, ...frames: ReturnType<typeof frame>[]) =>
    ({ type: 2, rid, status: frames }) as Parameters<typeof reduceRoomMessage>[1];
  const at = (sn: number) => ({ ...initialRoomSyncState('5002'), sn });

  it('@spec:room.applyTwo local one less than the first applies both; equal to the first applies the second only', () => {
    const both = reduceRoomMessage(at(9), inc('5002', frame(10, 'a'), frame(11, 'b')));
    expect(both.state.table).toEqual({ a: 10, b: 11 });
    expect(both.state.sn).toBe(11);
    const second = reduceRoomMessage(at(10), inc('5002', frame(10, 'a'), frame(11, 'b')));
    expect(second.state.table).toEqual({ b: 11 });
    expect(second.state.sn).toBe(11);
  });

  it('@spec:room.refresh a gap asks for the full status; only a newer answer replaces the table', () => {
    const gap = reduceRoomMessage(at(3), inc('5002', frame(10, 'a'), frame(11, 'b')));
    expect(gap.needsRefresh).toBe(true);
    expect(gap.state.sn).toBe(3);
    expect(applyFullRefresh(at(12), { sn: 12, room_status: '{"x":1}' }).replaced).toBe(false);
    const newer = applyFullRefresh(at(3), { sn: 13, room_status: '{"x":1}' });
    expect(newer).toMatchObject({ replaced: true, state: { sn: 13, table: { x: 1 } } });
  });

  it('@spec:room.syncSn type 3 raises sn to the max, never lowers it, and another room is ignored', () => {
    const sync = (rid: string, sn: number) =>
      ({ type: 3, rid, sn }) as Parameters<typeof reduceRoomMessage>[1];
    expect(reduceRoomMessage(at(5), sync('5002', 8)).state.sn).toBe(8);
    expect(reduceRoomMessage(at(5), sync('5002', 2)).state.sn).toBe(5);
    expect(reduceRoomMessage(at(5), sync('5001', 9)).state.sn).toBe(5);
    expect(reduceRoomMessage(at(5), inc('5001', frame(6, 'a'))).state.sn).toBe(5);
  });

  it('@spec:room.directives list directives act by index and each names its key', () => {
    const start = { l: [1, 2, 3, 4], h: { a: 1 } };
    const out = applyDirectives(start, [
      { op: 'lpush', key: 'l', values: [0] },
      { op: 'rpop', key: 'l', count: 1 },
      { op: 'linsert', key: 'l', index: 2, values: ['x'] },
      { op: 'lremrange', key: 'l', index: 0, count: 1 },
      { op: 'lsetidx', key: 'l', items: [{ index: 0, value: 'y' }] },
      { op: 'hmerge', key: 'h', fields: { b: 2 } },
    ]);
    expect(out.table.l).toEqual(['y', 'x', 2, 3]);
    expect(out.table.h).toEqual({ a: 1, b: 2 });
    expect(new Set(out.changedKeys)).toEqual(new Set(['l', 'h']));
  });
});

describe('second audit: realtime connection (SPEC §4, §5)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function room() {
    const sockets: FakeSocket[] = [];
    const client = new RoomClient({
      url: 'ws://x/ws/room',
      rid: '5002',
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      fetchFull: async (): Promise<FullRefreshAnswer | undefined> => undefined,
    });
    client.start();
    const socket = sockets[0] as FakeSocket;
    socket.onopen?.({});
    return { client, socket, sockets };
  }

  it('@spec:room.heartbeat a heartbeat (msg_id 3, empty body) after 15 s without sending; closed as timed out after 121 s silent', async () => {
    const { client, socket } = room();
    const joined = socket.sent.length;
    await vi.advanceTimersByTimeAsync(14_999);
    expect(socket.sent.length).toBe(joined);
    await vi.advanceTimersByTimeAsync(1);
    // Sent at 15 s exactly, and its body empty (the join before it names the room: not a heartbeat).
    expect(socket.sent).toHaveLength(joined + 1);
    expect(socket.sent.at(-1)).toEqual({ msg_id: 3, seq: expect.any(Number), body: {} });
    await vi.advanceTimersByTimeAsync(121_000 - 15_000 - 1);
    expect(socket.closed).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.closed).toBe(CLOSE_RECEIVE_TIMEOUT);
    expect(client.timedOut).toBe(true);
    client.stop();
  });

  it('@spec:rule.realtimeResult a message is processed only with result 0 and a JSON body', () => {
    const { client, socket } = room();
    const incr = (sn: number) =>
      JSON.stringify({
        type: 2,
        rid: '5002',
        status: [{ sn, command: [{ op: 'mset', values: { k: sn } }] }],
      });
    socket.onmessage?.({ data: JSON.stringify({ result: 1, message: 'no', data: incr(0) }) });
    socket.onmessage?.({ data: JSON.stringify({ result: 0, message: '', data: '{not json' }) });
    expect(client.state.sn).toBe(-1);
    socket.onmessage?.({ data: JSON.stringify({ result: 0, message: '', data: incr(0) }) });
    expect(client.state).toMatchObject({ sn: 0, table: { k: 0 } });
    client.stop();
  });

  it('@spec:room.reconnect a successful open resets the attempt count', async () => {
    const { client, sockets } = room();
    (sockets[0] as FakeSocket).onclose?.({ code: 1006 });
    expect(client.status).toEqual({ kind: 'reconnecting', attempt: 1, delayMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    (sockets[1] as FakeSocket).onclose?.({ code: 1006 });
    expect(client.status).toMatchObject({ attempt: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    (sockets[2] as FakeSocket).onopen?.({});
    (sockets[2] as FakeSocket).onclose?.({ code: 1006 });
    expect(client.status).toEqual({ kind: 'reconnecting', attempt: 1, delayMs: 1000 });
    client.stop();
  });
});
