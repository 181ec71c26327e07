import type { PayTargetRecord } from '@topup/contracts/entities';
import type { LoginType } from '@topup/contracts/storage';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { historyStored } from '../../session/history';
import { signInAtom, signOutAtom } from '../../session/session';
import { syncHistory } from './historySync';

const record: PayTargetRecord = {
  to_uid: 1002,
  to_display_uid: '10000002',
  to_nickname: 'Omar',
  to_icon: '',
  is_guest: false,
  uid: 0,
  h5_deviceid: 'h5_visitor',
  fill_times: 2,
  first_fill_time: 1_700_000_000,
  last_fill_time: 1_700_000_100,
  status2: 0,
};

const paths: string[] = [];
const urls: URL[] = [];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  paths.length = 0;
  urls.length = 0;
});

async function syncAs(loginType: LoginType): Promise<string[]> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      paths.push(url.pathname);
      urls.push(url);
      const data = url.pathname.includes('upload') ? { merged: 1 } : { list: [], has_more: false };
      return Response.json({ result: 0, data });
    }),
  );
  const store = createStore();
  store.set(signInAtom, {
    session: {
      session_key: 'sk-x',
      user: { uid: 1010, display_uid: '10000010', nickname: 'x', icon: '' },
    },
    loginType,
  });
  store.set(historyStored, [record]);
  await syncHistory(store);
  return paths;
}

/** Issue 27, finding 3: a stranger's link must not collect this browser's targets and device id. */
describe('the recharge history sync', () => {
  it('sends the local history up into an account the visitor signed in to themselves', async () => {
    expect(await syncAs('account')).toEqual([
      '/api/web/recharge_fill_record/',
      '/api/web/upload_recharge_fill_record/',
    ]);
  });

  it('asks the server for its first 100 records (SPEC §9 fill-record limit) @spec:limit.fillRecord', async () => {
    await syncAs('account');
    const asked = urls.find((url) => url.pathname === '/api/web/recharge_fill_record/');
    expect(asked?.searchParams.get('limit')).toBe('100');
    expect(asked?.searchParams.get('offset')).toBe('0');
  });

  it('never into an account a link signed in', async () => {
    expect(await syncAs('link')).toEqual(['/api/web/recharge_fill_record/']);
  });
});

describe('a sign-out while the sync waits for the server', () => {
  it('does not write the account’s history back after it', async () => {
    let answer: (response: Response) => void = () => {};
    // The history's fetch waits for the test; any later call (an upload) is answered at once.
    const fetch = vi.fn((): Promise<Response> => {
      if (fetch.mock.calls.length > 1)
        return Promise.resolve(Response.json({ result: 0, data: { merged: 1 } }));
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    vi.stubGlobal('fetch', fetch);
    const store = createStore();
    store.set(signInAtom, {
      session: { session_key: 'sk-x', user: { uid: 1010, display_uid: '10000010', nickname: 'x', icon: '' } },
      loginType: 'account',
    });
    store.set(historyStored, [record]);
    const syncing = syncHistory(store);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    store.set(signOutAtom);
    answer(
      Response.json({ result: 0, data: { list: [{ ...record, to_uid: 1003, uid: 1010 }], has_more: false } }),
    );
    await syncing;
    expect(store.get(historyStored)).toEqual([record]);
  });
});
