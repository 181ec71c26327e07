import { afterEach, describe, expect, it } from 'vitest';
import type { NativeBridge } from '../platform/bridgeDetect';
import { bridgeTransport } from './bridgeTransport';
import type { Transport } from './transport';

const unused: Transport = {
  send: () => Promise.reject(new Error('HTTP fallback not expected')),
};

/** An app that records what it was asked to carry and answers an empty success envelope (or `answer`). */
function recordingApp(answer = '{"result":0}') {
  const carried: Record<string, unknown>[] = [];
  const bridge: NativeBridge = {
    call: (_method, argsJson, id) => {
      carried.push(JSON.parse(argsJson) as Record<string, unknown>);
      window.__nativeBridgeCallback?.(id, JSON.stringify({ code: 0, data: { status: 200, body: answer } }));
    },
  };
  return { bridge, carried };
}

afterEach(() => {
  delete window.NativeBridge;
});

describe('bridge transport', () => {
  it('tells the app the type of a form or JSON body, as fetch would', async () => {
    const app = recordingApp();
    const transport = bridgeTransport(app.bridge, undefined, unused);
    const common = {
      method: 'POST',
      url: '/api/x',
      headers: { 'x-cli-br': '1' },
      timeoutMs: 60_000,
    } as const;
    await transport.send({ ...common, body: new URLSearchParams({ a: '1' }) });
    await transport.send({ ...common, body: '{"a":1}' });
    await transport.send({ ...common, method: 'GET' });
    expect(app.carried.map((c) => c.headers)).toEqual([
      { 'x-cli-br': '1', 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      { 'x-cli-br': '1', 'content-type': 'application/json' },
      { 'x-cli-br': '1' },
    ]);
    expect(app.carried.map((c) => c.body)).toEqual(['a=1', '{"a":1}', undefined]);
  });

  it('reads an envelope that comes after a byte order mark (U+FEFF) as the envelope, not as text', async () => {
    const app = recordingApp('\uFEFF{"result":0,"message":"","data":{"ts":1}}');
    const transport = bridgeTransport(app.bridge, undefined, unused);
    const answer = await transport.send({ method: 'GET', url: '/api/x', headers: {}, timeoutMs: 60_000 });
    expect(answer).toEqual({
      kind: 'answer',
      status: 200,
      body: { result: 0, message: '', data: { ts: 1 } },
    });
  });

  it('keeps a body that is not JSON as its text, a byte order mark and all', async () => {
    const app = recordingApp('\uFEFF<html>');
    const transport = bridgeTransport(app.bridge, undefined, unused);
    const answer = await transport.send({ method: 'GET', url: '/api/x', headers: {}, timeoutMs: 60_000 });
    expect(answer).toEqual({ kind: 'answer', status: 200, body: '\uFEFF<html>' });
  });

  it('sends an upload (files) over HTTP, not through the app', async () => {
    const app = recordingApp();
    const sent: unknown[] = [];
    const http: Transport = {
      send: async (request) => {
        sent.push(request);
        return { kind: 'answer', status: 200, body: { result: 0 } };
      },
    };
    const upload = {
      method: 'POST',
      url: '/api/upload/image/',
      headers: {},
      body: new URLSearchParams({ key: 'k' }),
      files: { file: new Blob(['x']) },
      timeoutMs: 60_000,
    } as const;
    await bridgeTransport(app.bridge, undefined, http).send(upload);
    expect(sent).toEqual([upload]);
    expect(app.carried).toEqual([]);
  });
});
