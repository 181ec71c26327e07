import { ClientCode, ServerCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import type { CallName } from '@topup/contracts/registry/index';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { emitApiError } from '../api/errors';
import { toastAtom } from '../ui/toast';
import { NETWORK_TOAST_GAP_MS, toastApiErrors } from './apiErrorToasts';

const error = (call: CallName, result: number) => ({ call, result, message: 'x', path: '/api/x' });

describe('the global error toasts (SPEC §8)', () => {
  let stop = () => {};
  afterEach(() => stop());

  /** A store listening from now, with the page live; `clock` is the listener's time. */
  function listen(clock = { ms: 0 }) {
    const store = createStore();
    stop = toastApiErrors(store, Promise.resolve(), () => clock.ms);
    const said = async () => {
      await Promise.resolve();
      return store.get(toastAtom)?.text;
    };
    return { store, clock, said };
  }

  it.each([
    ['a lost session, any call', error('getRechargeListV3', ServerCode.loggedOut), Message.loggedOut],
    ['offline on a call nothing else tells', error('getPayUserInfo', ClientCode.network), Message.network],
    ['a time-out on it', error('config', ClientCode.timeout), Message.network],
    ['offline on the order, told beside its button', error('createCoinPay', ClientCode.network), undefined],
    ['offline on a background report', error('addEvent', ClientCode.network), undefined],
    ['a refusal the page says itself', error('createCoinPay', 23001), undefined],
  ])('%s', async (_case, info, toast) => {
    const { said } = listen();
    emitApiError(info);
    expect(await said()).toBe(toast);
  });

  it('tells network trouble once per gap, then again', async () => {
    const { store, clock, said } = listen({ ms: 10_000 });
    const id = () => store.get(toastAtom)?.id;
    emitApiError(error('config', ClientCode.network));
    await said();
    const shown = id();
    expect(shown).toBeDefined();
    clock.ms += NETWORK_TOAST_GAP_MS - 1;
    emitApiError(error('getPayUserInfo', ClientCode.network));
    await said();
    expect(id()).toBe(shown);
    clock.ms += 1;
    emitApiError(error('getPayUserInfo', ClientCode.network));
    await said();
    expect(id()).not.toBe(shown);
  });

  it('an error met before the page is live is told once it is, not lost and not before', async () => {
    const store = createStore();
    let markLive = () => {};
    const live = new Promise<void>((resolve) => {
      markLive = resolve;
    });
    stop = toastApiErrors(store, live);
    emitApiError(error('getRechargeListV3', ServerCode.loggedOut));
    await Promise.resolve();
    expect(store.get(toastAtom)).toBeUndefined();
    markLive();
    await live;
    await Promise.resolve();
    expect(store.get(toastAtom)?.text).toBe(Message.loggedOut);
  });

  it("a logged-out key asked about (a link's, a stored session's) is left to its caller to tell", async () => {
    const { said } = listen();
    emitApiError(error('getPayUserInfo', ServerCode.loggedOut));
    expect(await said()).toBeUndefined();
  });

  it("a -10000 of a call made under no session (a link's ticket, a hand-over) ends none: no toast", async () => {
    const { said } = listen();
    emitApiError({ ...error('ticketLogin', ServerCode.loggedOut), session: { key: undefined } });
    expect(await said()).toBeUndefined();
    // Under a session (an order's own, pinned), it is still said.
    emitApiError({ ...error('getOrderInfo', ServerCode.loggedOut), session: { key: 'sk-order' } });
    expect(await said()).toBe(Message.loggedOut);
  });

  it('stops listening when asked', async () => {
    const { said } = listen();
    stop();
    emitApiError(error('getPayUserInfo', ServerCode.loggedOut));
    expect(await said()).toBeUndefined();
  });
});
