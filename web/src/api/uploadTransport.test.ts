// @vitest-environment node
import { ClientCode } from '@topup/contracts/codes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseBody } from './body';
import { browserTransport, type WireRequest } from './transport';
import { multipartBody } from './uploadTransport';

/** An XMLHttpRequest that records what is sent and lets the test drive progress and the answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  timeout = 0;
  status = 0;
  responseText = '';
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = undefined;
});

const file = new File(['abc'], 'a.png', { type: 'image/png' });

describe('the upload transport', () => {
  it('builds the multipart body: the fields without a file, then each file under its own name', () => {
    const form = multipartBody(new URLSearchParams({ key: 'k', token: 't', file: '{"filename":"a.png"}' }), {
      file,
      other: new Blob(['x']),
    });
    expect([...form.keys()]).toEqual(['key', 'token', 'file', 'other']);
    expect(form.get('key')).toBe('k');
    expect((form.get('file') as File).name).toBe('a.png');
    expect((form.get('other') as File).name).toBe('other');
  });

  it('sends a multipart call by XMLHttpRequest with its headers, reports progress and answers the body', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const progress = vi.fn();
    const request: WireRequest = {
      method: 'POST',
      url: '/api/upload/image/',
      headers: { 'x-cli-pn': 'ksa' },
      body: new URLSearchParams({ key: 'k' }),
      files: { file },
      timeoutMs: 60_000,
      onUploadProgress: progress,
    };
    const answered = browserTransport().send(request);
    await vi.waitFor(() => expect(FakeXhr.last?.body).toBeInstanceOf(FormData));
    const xhr = FakeXhr.last as FakeXhr;
    expect([xhr.method, xhr.url, xhr.headers, xhr.timeout]).toEqual([
      'POST',
      '/api/upload/image/',
      { 'x-cli-pn': 'ksa' },
      60_000,
    ]);
    expect((xhr.body as FormData).get('key')).toBe('k');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    expect(progress).toHaveBeenCalledWith(0.25);
    xhr.status = 200;
    xhr.responseText = '{"result":0,"data":{"key":"k"}}';
    xhr.onload?.();
    expect(await answered).toEqual({ kind: 'answer', status: 200, body: { result: 0, data: { key: 'k' } } });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a failed upload is a network failure', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const answered = browserTransport().send({
      method: 'POST',
      url: '/api/upload/image/',
      headers: {},
      files: { file },
      timeoutMs: 60_000,
    });
    await vi.waitFor(() => expect(FakeXhr.last?.body).toBeInstanceOf(FormData));
    FakeXhr.last?.onerror?.();
    expect(await answered).toEqual({ kind: 'failure', code: ClientCode.network });
  });
});

describe('answer bodies', () => {
  it.each([
    ['{"result":0}', { result: 0 }],
    ['[1]', [1]],
    ['<html>down</html>', '<html>down</html>'],
    ['', ''],
    ['null', null],
  ])('%j reads as %j', (text, body) => {
    expect(parseBody(text)).toEqual(body);
  });
});
