// @vitest-environment node
import { ClientCode, ServerCode } from '@topup/contracts/codes';
import { Message, messageOf } from '@topup/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { everyContract } from '../test/contracts';
import { envelope, fakeTransport } from '../test/fakeTransport';
import { ContractViolation, createClient } from './client';
import { requestHeaders } from './headers';
import { multipartBody } from './uploadTransport';

const checkData = {
  uid: 1002,
  display_id: '10000002',
  is_guest: false,
  nickname: 'Omar ⭐',
  icon: '/static/avatars/1002.png',
  status: 0,
  streamer_state: 'NONE',
  room_id: 0,
};

function clientWith(
  answer: Parameters<typeof fakeTransport>[0],
  onError = vi.fn(),
  messages?: (code: number) => string | undefined,
) {
  const fake = fakeTransport(answer);
  const client = createClient({
    contracts: everyContract,
    transport: fake.transport,
    base: () => '',
    headers: (_name, contract, options) =>
      requestHeaders(
        {
          packageName: 'ksa',
          inNativeApp: false,
          clientUuid: 'u-1',
          deviceToken: 'h5_x',
          sessionKey: 'sk-1',
        },
        contract,
        options.requestId,
      ),
    onError,
    ...(messages === undefined ? {} : { messageOf: messages }),
  });
  return { client, requests: fake.requests, onError };
}

describe('the typed client', () => {
  it('sends a query call as a GET with the encoded parameters and validates the data', async () => {
    const { client, requests } = clientWith(() => envelope(checkData));
    const answer = await client.call('checkDisplayId', { display_id: '10000002', source: 1 });
    expect(answer).toEqual({ ok: true, data: checkData });
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('/api/web/check_display_id/?display_id=10000002&source=1');
    expect(request?.body).toBeUndefined();
  });

  it('sends the common headers, the session key and x-account-token only on /third/ paths', async () => {
    const { client, requests } = clientWith(() => envelope(null));
    await client.call('serverTime', {}).catch(() => undefined);
    await client.call('sensorReport', {
      event_uuid: 'e',
      server_url: '',
      ts: 1,
      day: '2026-11-21',
      device_id: 'd',
      page_view_id: 'p',
      event: 'x',
      ext: '{}',
      project: 'sawa-h5',
    });
    expect(requests[0]?.headers).toMatchObject({
      'x-cli-pn': 'ksa',
      'x-cli-br': '0',
      'x-cli-id': 'u-1',
      'x-session-key': 'sk-1',
    });
    expect(requests[0]?.headers['x-account-token']).toBeUndefined();
    expect(requests[1]?.headers['x-account-token']).toBe('sk-1');
  });

  it('sends a form call as urlencoded and a json call as JSON', async () => {
    const { client, requests } = clientWith(() => envelope({}));
    await client.call('checkUidPost', { uid: 1002 }).catch(() => undefined);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/user/check_uid/' });
    expect(requests[0]?.body).toBeInstanceOf(URLSearchParams);
    expect(String(requests[0]?.body)).toBe('uid=1002');
    await client.call('checkUserStatus', { source: 1, uids: [1001] }).catch(() => undefined);
    expect(requests[1]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(requests[1]?.body))).toEqual({ source: 1, uids: [1001] });
  });

  it("sends config's channel and pure in the query of its POST (SPEC §7)", async () => {
    const { client, requests } = clientWith(() => envelope({ pkgInfo: {} }));
    await expect(client.call('config', { channel: 'app_pkg_info', pure: '1' })).rejects.toBeInstanceOf(
      ContractViolation,
    );
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/sys/config/?channel=app_pkg_info&pure=1',
    });
    expect(String(requests[0]?.body)).toBe('');
  });

  it('encodes JSON-in-string parameters with the contract codec', async () => {
    const { client, requests } = clientWith(() => envelope({ feedback_id: 'f1' }));
    await client.call('submitFeedback', {
      content: 'x',
      images: ['k1'],
      model: 'm',
      version: '1',
      uuid: 'u',
    });
    const url = new URL(requests[0]?.url ?? '', 'http://x');
    expect(url.searchParams.get('images')).toBe('["k1"]');
  });

  it('sends multipart with the real file and progress, and refuses JSONP without sending it', async () => {
    const { client, requests, onError } = clientWith(() => envelope({ key: 'k', url: '/u' }));
    const file = new File(['abc'], 'a.png', { type: 'image/png' });
    const progress = vi.fn();
    await client.call(
      'uploadImage',
      { key: 'k', token: 't', file: { filename: 'a.png', mimetype: 'image/png', size: 3, truncated: false } },
      { files: { file }, onUploadProgress: progress },
    );
    // What the upload transport sends: the fields and the real file, as multipart/form-data.
    expect(requests[0]?.files).toEqual({ file });
    const form = multipartBody(requests[0]?.body, requests[0]?.files ?? {});
    expect(form.get('key')).toBe('k');
    expect(form.get('token')).toBe('t');
    expect(form.getAll('file')).toHaveLength(1);
    expect((form.get('file') as File).name).toBe('a.png');
    expect(requests[0]?.onUploadProgress).toBe(progress);
    const jsonp = await client.call('h5Info', {});
    expect(jsonp).toEqual({ ok: false, result: ClientCode.setup, message: Message.setup });
    expect(onError).toHaveBeenLastCalledWith({
      result: ClientCode.setup,
      message: Message.setup,
      path: '/api/sys/h5_info/',
      call: 'h5Info',
    });
    expect(requests).toHaveLength(1);
  });

  it('maps code 200 to success', async () => {
    const { client } = clientWith(() => ({
      kind: 'answer',
      status: 200,
      body: { code: 200, msg: 'ok', data: { ts: 7 } },
    }));
    expect(await client.call('serverTime', {})).toEqual({ ok: true, data: { ts: 7 } });
  });

  it('returns a refusal as a value with the catalogue message, and calls the global error handler', async () => {
    const { client, onError } = clientWith(
      () => envelope(null, ServerCode.banned, 'raw'),
      vi.fn(),
      messageOf,
    );
    const answer = await client.call('checkDisplayId', { display_id: '10000003', source: 1 });
    expect(answer).toEqual({ ok: false, result: 20001, message: Message.banned });
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ result: 20001, path: '/api/web/check_display_id/' }),
    );
  });

  it("gives a refusal the catalogue's Arabic message by default", async () => {
    const { client } = clientWith(() => envelope(null, ServerCode.accountNotFound, 'raw'));
    expect(await client.call('checkDisplayId', { display_id: '10000009', source: 1 })).toEqual({
      ok: false,
      result: ServerCode.accountNotFound,
      message: Message.accountNotFound,
    });
  });

  it('turns client failures into codes -1, -2 and -5', async () => {
    for (const code of [ClientCode.timeout, ClientCode.network, ClientCode.abort]) {
      const { client } = clientWith(() => ({ kind: 'failure', code }));
      const answer = await client.call('serverTime', {});
      expect(answer).toMatchObject({ ok: false, result: code });
    }
  });

  it('answers an HTTP error with its status and the body message', async () => {
    const { client } = clientWith(() => ({
      kind: 'answer',
      status: 503,
      body: { result: 10005, message: 'down' },
    }));
    expect(await client.call('serverTime', {})).toEqual({ ok: false, result: 503, message: 'down' });
  });

  it('refuses bad parameters before sending (-3)', async () => {
    const { client, requests } = clientWith(() => envelope(null));
    const answer = await client.call('checkDisplayId', { display_id: 'x'.repeat(40), source: 1 });
    expect(answer).toMatchObject({ ok: false, result: ClientCode.setup });
    expect(requests).toHaveLength(0);
  });

  it('throws only for answers outside the contract', async () => {
    const notEnvelope = clientWith(() => ({ kind: 'answer', status: 200, body: '<html>' }));
    await expect(notEnvelope.client.call('serverTime', {})).rejects.toBeInstanceOf(ContractViolation);
    const badData = clientWith(() => envelope({ ts: 'soon' }));
    await expect(badData.client.call('serverTime', {})).rejects.toThrow(/serverTime/);
  });

  it('adds X-CLI-RID on order creation only', () => {
    const context = {
      packageName: 'ksa',
      inNativeApp: true,
      clientUuid: 'u',
      deviceToken: 'd',
      sessionKey: undefined,
    };
    expect(
      requestHeaders(
        context,
        { path: '/api/order/create_coin_pay/', headers: ['X-CLI-RID'] } as never,
        'rid-1',
      )['X-CLI-RID'],
    ).toBe('rid-1');
    expect(requestHeaders(context, { path: '/api/sys/ts/' } as never, 'rid-1')['X-CLI-RID']).toBeUndefined();
    expect(requestHeaders(context, { path: '/api/sys/ts/' } as never, undefined)['x-cli-br']).toBe('1');
  });
});
