// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { everyContract } from '../test/contracts';
import { envelope, fakeTransport } from '../test/fakeTransport';
import { createClient } from './client';
import { lookupPosition, reportError, reportEvent } from './reporting';
import { chunkReport } from './reportSender';

const context = { uuid: '3b241101-e2bb-4255-8caf-4136c566a962', version: '1' };

function recordingClient() {
  const fake = fakeTransport(() => envelope(null));
  const client = createClient({
    contracts: everyContract,
    transport: fake.transport,
    base: () => '',
    headers: () => ({}),
  });
  const sent = () =>
    fake.requests
      .filter((r) => r.url.includes('add_event'))
      .map((r) => JSON.parse(String(r.body)) as Record<string, unknown>);
  return { client, sent };
}

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
    expect(answer?.ok).toBe(false);
    expect(fake.requests).toHaveLength(4);
  });

  it('looks the position up once and retries it up to 5 times (SPEC §8, §9), then reports the failure', async () => {
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
    expect(fake.requests.filter((r) => r.url.includes('position'))).toHaveLength(6);
    expect(fake.requests.some((r) => r.url.includes('add_event'))).toBe(true);
  });

  it('sends reports made before the sender has loaded, all of them, in the order they were made', async () => {
    const { client, sent } = recordingClient();
    await Promise.all([
      reportError(client, context, 'first'),
      reportEvent(client, context, 'navigation_refused', { str: ['https://evil.example/'], int: [2] }),
      reportError(client, context, 'x'.repeat(301)),
    ]);
    const events = sent();
    expect(events.map((e) => [e.event_name, e.str_param1, e.int_param1, e.int_param2])).toEqual([
      ['exception', 'first', 0, 1],
      ['navigation_refused', 'https://evil.example/', 2, undefined],
      ['exception', 'x'.repeat(300), 0, 2],
      ['exception', 'x', 1, 2],
    ]);
  });
});

describe('reporting when the sender cannot be loaded', () => {
  afterEach(() => {
    vi.doUnmock('./reportSender');
    vi.resetModules();
  });

  it('drops the report without throwing or sending anything, and the next report loads it again', async () => {
    vi.resetModules();
    vi.doMock('./reportSender', () => {
      throw new Error('chunk failed to load');
    });
    const reporting = await import('./reporting');
    const { client, sent } = recordingClient();
    await expect(reporting.reportError(client, context, 'lost')).resolves.toBeUndefined();
    await expect(reporting.reportEvent(client, context, 'e')).resolves.toBeUndefined();
    expect(sent()).toEqual([]);

    vi.doUnmock('./reportSender');
    await reporting.reportError(client, context, 'after');
    expect(sent().map((e) => e.str_param1)).toEqual(['after']);
  });
});
