import { createStore } from 'jotai/vanilla';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../api/client';
import { everyContract } from '../../test/contracts';
import { envelope, fakeTransport } from '../../test/fakeTransport';
import { dispatchStepAtom } from './state';
import { reportStepChanges } from './stepEvents';

describe('pay step events (SPEC §7: events cover pay steps)', () => {
  it('reports the step the page opens on and each change of step, through one subscriber', async () => {
    const fake = fakeTransport(() => envelope(null));
    const client = createClient({
      contracts: everyContract,
      transport: fake.transport,
      base: () => '',
      headers: () => ({}),
    });
    const store = createStore();
    const stop = reportStepChanges(store, client);
    store.set(dispatchStepAtom, { type: 'chooseChannel', payType: 23 });
    // Back from the card form asks first (the step shown stays: nothing reported), then leaves.
    store.set(dispatchStepAtom, { type: 'back' });
    store.set(dispatchStepAtom, { type: 'cancelLeave' });
    store.set(dispatchStepAtom, { type: 'back' });
    store.set(dispatchStepAtom, { type: 'confirmLeave' });
    const sent = () =>
      fake.requests.map((r) => {
        const body = JSON.parse(String(r.body)) as { eventName: string; params: unknown };
        return [r.url, body.eventName, body.params];
      });
    const path = '/api/web/report_pay_event/';
    await expect.poll(() => sent().length).toBeGreaterThanOrEqual(3);
    stop();
    store.set(dispatchStepAtom, { type: 'chooseChannel', payType: 27 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent()).toEqual([
      [path, 'pay_step', { step: 'home', from: '', depth: 1 }],
      [path, 'pay_step', { step: 'cardFrame', from: 'home', depth: 2 }],
      [path, 'pay_step', { step: 'home', from: 'cardFrame', depth: 1 }],
    ]);
  });
});
