import { describe, expect, it } from 'vitest';
import { ENTRY_VALUE_BYTES } from './journalSize';
import { ControlState, JOURNAL_BYTES } from './state';

function fill(state: ControlState, count: number, from = 0): void {
  for (let i = from; i < from + count; i++) {
    state.record({
      atMs: Date.UTC(2025, 0, 1) + i,
      call: i % 2 === 0 ? 'checkDisplayId' : 'config',
      method: 'GET',
      path: `/p/${i}`,
      params: { i },
      result: i % 3 === 0 ? 'fault' : 0,
      ms: i % 7,
      requestId: i % 5 === 0 ? `rid-${i}` : undefined,
    });
  }
}

describe('the journal', () => {
  it('answers the entries oldest first, each as it was recorded', () => {
    const state = new ControlState();
    fill(state, 3);
    expect(state.journal()).toEqual([
      {
        seq: 1,
        at: '2025-01-01T00:00:00.000Z',
        call: 'checkDisplayId',
        method: 'GET',
        path: '/p/0',
        params: { i: 0 },
        result: 'fault',
        ms: 0,
        requestId: 'rid-0',
      },
      {
        seq: 2,
        at: '2025-01-01T00:00:00.001Z',
        call: 'config',
        method: 'GET',
        path: '/p/1',
        params: { i: 1 },
        result: 0,
        ms: 1,
        requestId: undefined,
      },
      {
        seq: 3,
        at: '2025-01-01T00:00:00.002Z',
        call: 'checkDisplayId',
        method: 'GET',
        path: '/p/2',
        params: { i: 2 },
        result: 0,
        ms: 2,
        requestId: undefined,
      },
    ]);
  });

  it('keeps the last 2000 once it has gone round, in order, and filters by call and limit', () => {
    const state = new ControlState();
    fill(state, 4567);
    const all = state.journal();
    expect(all).toHaveLength(2000);
    expect(all.map((e) => e.seq)).toEqual(Array.from({ length: 2000 }, (_, i) => 2568 + i));
    expect(all.at(-1)).toMatchObject({ path: '/p/4566', params: { i: 4566 }, ms: 4566 % 7 });

    const last = state.journal({ call: 'config', limit: 3 });
    expect(last.map((e) => e.path)).toEqual(['/p/4561', '/p/4563', '/p/4565']);
  });

  it('empties on clear, and numbers on from where it was', () => {
    const state = new ControlState();
    fill(state, 2100);
    state.clearJournal();
    expect(state.journal()).toEqual([]);
    fill(state, 2, 2100);
    expect(state.journal().map((e) => [e.seq, e.path])).toEqual([
      [2101, '/p/2100'],
      [2102, '/p/2101'],
    ]);
  });

  // 2,000 parsed bodies of 256 KB each held about 4 GB.
  it('is bounded in bytes: large bodies are cut to their start, and the oldest entries go past the budget', () => {
    const state = new ControlState();
    const big = { note: 'x'.repeat(200_000), nested: { list: Array.from({ length: 5000 }, (_, i) => i) } };
    for (let i = 0; i < 2100; i++) {
      state.record({
        atMs: i,
        call: 'addEvent',
        method: 'POST',
        path: '/api/sys/add_event/',
        params: big,
        result: 10001,
        ms: 0,
        answer: { result: 10001, message: 'y'.repeat(100_000), data: null },
      });
    }
    expect(state.journalBytes()).toBeLessThanOrEqual(JOURNAL_BYTES);
    const rows = state.journal();
    expect(rows.length).toBeGreaterThan(100);
    const last = rows.at(-1);
    expect(last?.params).toMatchObject({ truncated: true, preview: expect.stringMatching(/^\{"note":"x+/) });
    expect(JSON.stringify(last?.params).length).toBeLessThan(ENTRY_VALUE_BYTES);
    expect(JSON.stringify(last?.answer).length).toBeLessThan(ENTRY_VALUE_BYTES);
    // Small entries still fill the journal to its 2,000.
    for (let i = 0; i < 2000; i++) {
      state.record({
        atMs: i,
        call: 'serverTime',
        method: 'GET',
        path: '/api/sys/ts/',
        params: {},
        result: 0,
        ms: 0,
      });
    }
    expect(state.journal()).toHaveLength(2000);
  });

  it('redacts a large answer before cutting it, so no card number is left half-masked', () => {
    const state = new ControlState();
    const answer = { data: { text: `${'a'.repeat(1000)} 4242 4242 4242 4242 ${'b'.repeat(40_000)}` } };
    state.record({
      atMs: 0,
      call: 'serverTime',
      method: 'GET',
      path: '/p',
      params: {},
      result: 0,
      ms: 0,
      answer,
    });
    const kept = JSON.stringify(state.journal()[0]?.answer);
    expect(kept).toContain('truncated');
    expect(kept).not.toContain('4242 4242');
  });
});
