// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { everyContract } from '../test/contracts';
import { envelope, fakeTransport } from '../test/fakeTransport';
import { batch, batchItem } from './batch';
import { createClient } from './client';

describe('batch', () => {
  it('sends one request and checks each answer against its own contract', async () => {
    const fake = fakeTransport(() =>
      envelope({
        '0': JSON.stringify({ result: 0, message: '', data: { ts: 9 } }),
        '1': JSON.stringify({ result: 21266, message: 'x', data: null }),
      }),
    );
    const client = createClient({
      contracts: everyContract,
      transport: fake.transport,
      base: () => '',
      headers: () => ({}),
    });
    const [time, check] = await batch(client, [
      batchItem('serverTime', {}),
      batchItem('checkDisplayId', { display_id: '99999999', source: 1 }),
    ]);
    expect(fake.requests).toHaveLength(1);
    const body = JSON.parse(String(fake.requests[0]?.body));
    // SPEC §7: json async false, timeout 5000 (the contract's default too).
    expect(body).toMatchObject({ async: false, timeout: 5000, header: {} });
    expect(body.requests).toEqual([
      { id: '0', method: 'GET', path: '/api/sys/ts/', params: {} },
      {
        id: '1',
        method: 'GET',
        path: '/api/web/check_display_id/',
        params: { display_id: '99999999', source: '1' },
      },
    ]);
    expect(time).toEqual({ ok: true, data: { ts: 9 } });
    expect(check).toMatchObject({ ok: false, result: 21266 });
  });

  it('fails every item as a value when the batch itself fails', async () => {
    const fake = fakeTransport(() => ({ kind: 'failure', code: -2 }));
    const client = createClient({
      contracts: everyContract,
      transport: fake.transport,
      base: () => '',
      headers: () => ({}),
    });
    const [time] = await batch(client, [batchItem('serverTime', {})]);
    expect(time).toMatchObject({ ok: false, result: -2 });
  });
});
