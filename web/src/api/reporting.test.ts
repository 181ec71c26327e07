import { describe, expect, it, vi } from 'vitest';
import { everyContract } from '../test/contracts';
import { envelope, fakeTransport } from '../test/fakeTransport';
import { createClient } from './client';
import { chunkReport, lookupPosition, reportEvent } from './reporting';

describe('reporting', () => {
  it('splits a report into at most 50 chunks of 300 characters', () => {
    expect(chunkReport('a'.repeat(650)).map((c) => c.length)).toEqual([300, 300, 50]);
    expect(chunkReport('b'.repeat(300 * 60))).toHaveLength(50);
    expect(chunkReport('')).toEqual([]);
  });

  it('retries an event up to 3 more times', async () => {
    const fake = fakeTransport(() => ({ kind: 'failure', code: -2 }));
    const client = createClient({
      contracts: everyContract,
      transport: fake.transport,
      base: () => '',
      headers: () => ({}),
    });
    const answer = await reportEvent(client, { uuid: 'u', version: '1' }, 'e');
    expect(answer.ok).toBe(false);
    expect(fake.requests).toHaveLength(4);
  });

  it('looks the position up 5 times, then reports the failure', async () => {
    const seen = vi.fn();
    const fake = fakeTransport((request) => {
      seen(request.url);
      return request.url.includes('position') ? { kind: 'failure', code: -1 } : envelope(null);
    });
    const client = createClient({
      contracts: everyContract,
      transport: fake.transport,
      base: () => '',
      headers: () => ({}),
    });
    expect(await lookupPosition(client, { uuid: 'u', version: '1' })).toBeUndefined();
    expect(fake.requests.filter((r) => r.url.includes('position'))).toHaveLength(5);
    expect(fake.requests.some((r) => r.url.includes('add_event'))).toBe(true);
  });
});
