import { ServerCode, type UploadFile } from '@topup/contracts';
import { FEEDBACK_CONTACT_MAX_LENGTH } from '@topup/contracts/limits';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { UPLOAD_TOKEN_TTL_MS } from '../src/world/feedback';
import { CONTROL, callInject, okData } from './support/inject';

const NOW = new Date('2026-11-21T09:00:00Z');
const MB = 1024 * 1024;
const UUID = 'uuid-feedback-test';

const jpeg = (size = 200_000): UploadFile => ({ name: 'screen.jpg', size, content_type: 'image/jpeg' });
const png = (size = 300_000): UploadFile => ({ name: 'receipt.png', size, content_type: 'image/png' });
const webp = (size = 100_000): UploadFile => ({ name: 'chat.webp', size, content_type: 'image/webp' });
const mp4 = (size = 10 * MB): UploadFile => ({ name: 'clip.mp4', size, content_type: 'video/mp4' });
const mov = (size: number): UploadFile => ({ name: 'clip.mov', size, content_type: 'video/quicktime' });

let app: FastifyInstance;
beforeEach(async () => {
  app = await buildApp({ now: NOW });
  return () => app.close();
});

const tokensFor = (files: UploadFile[], uuid = UUID) =>
  callInject(app, 'uploadToken', { purpose: 'feedback', uuid, files });

const upload = (key: string, token: string, file: UploadFile) =>
  callInject(app, 'uploadImage', {
    key,
    token,
    file: { filename: file.name, mimetype: file.content_type, size: file.size },
  });

/** Asks for tokens and uploads each file as declared; answers the keys. */
async function uploaded(files: UploadFile[], uuid = UUID): Promise<string[]> {
  const { tokens } = okData('uploadToken', await tokensFor(files, uuid));
  const keys: string[] = [];
  for (const [i, issued] of tokens.entries()) {
    const file = files[i] as UploadFile;
    okData('uploadImage', await upload(issued.body.key, issued.body.token, file));
    keys.push(issued.body.key);
  }
  return keys;
}

const submit = (content: string, images: string[], uuid = UUID, sessionKey?: string) =>
  callInject(app, 'submitFeedback', {
    content,
    images,
    model: 'iPhone15,2',
    version: '1.0.333',
    uuid,
    ...(sessionKey === undefined ? {} : { session_key: sessionKey }),
  });

const stored = () => ({
  submissions: app.mock.world.feedback.submissions().length,
  uploads: app.mock.world.feedback.uploadCount(),
});

describe('upload tokens', () => {
  // The code second, so the title shows it (a title's placeholders take the row's values in order).
  it.each(
    (
      [
        ['three images', [jpeg(), png(), webp()], 0],
        ['a video of 10 MB', [mp4()], 0],
        ['an image of exactly 5 MB', [png(5 * MB)], 0],
        ['a video of exactly 50 MB', [mov(50 * MB)], 0],
        [
          'a fourth file @spec:code.24003 @spec:rule.feedback',
          [jpeg(), png(), webp(), jpeg()],
          ServerCode.tooManyFiles,
        ],
        ['an image of 6 MB @spec:code.24002', [png(6 * MB)], ServerCode.fileTooLarge],
        ['a video of 51 MB', [mov(51 * MB)], ServerCode.fileTooLarge],
        ['an empty file', [png(0)], ServerCode.fileTooLarge],
        [
          'an .exe @spec:code.24001',
          [{ name: 'setup.exe', size: 1000, content_type: 'application/x-msdownload' }],
          ServerCode.fileTypeRefused,
        ],
        [
          'an .exe sent as an image',
          [{ name: 'setup.exe', size: 1000, content_type: 'image/png' }],
          ServerCode.fileTypeRefused,
        ],
        ['a gif', [{ name: 'a.gif', size: 1000, content_type: 'image/gif' }], ServerCode.fileTypeRefused],
      ] as const
    ).map(([label, files, code]) => [label, code, files] as const),
  )('%s answers %i', async (_label, code, files) => {
    const answer = await tokensFor([...files]);
    expect(answer.result).toBe(code);
    if (code === 0) {
      const { tokens } = okData('uploadToken', answer);
      expect(tokens).toHaveLength(files.length);
      expect(new Set(tokens.map((t) => t.body.key)).size).toBe(files.length);
      for (const token of tokens) expect(token).toMatchObject({ url: '/api/user/upload_image/', result: 0 });
    } else {
      expect(answer.message.length).toBeGreaterThan(0);
    }
  });

  it('gives audit tokens to a signed-in session only', async () => {
    const audit = (session_key: string) =>
      callInject(app, 'uploadToken', { purpose: 'audit', scene: 5, way: 1, files: [png()], session_key });
    expect((await audit('')).result).toBe(ServerCode.loggedOut);
    expect((await audit('sk-expired')).result).toBe(ServerCode.loggedOut);
    expect(okData('uploadToken', await audit('sk-10000001')).tokens).toHaveLength(1);
  });
});

describe('uploads', () => {
  it('accepts a file as declared, counting its bytes', async () => {
    await uploaded([jpeg(), png(1 * MB)]);
    expect(stored().uploads).toBe(2);
  });

  it.each([
    ['an image of 6 MB on a token for 1 MB', png(1 * MB), png(6 * MB), ServerCode.fileTooLarge],
    ['more bytes than declared', png(1000), png(2000), ServerCode.fileTooLarge],
    [
      'an .exe on a token for a png',
      png(),
      { name: 'setup.exe', size: 1000, content_type: 'application/octet-stream' },
      ServerCode.fileTypeRefused,
    ],
  ] as const)('refuses %s', async (_label, declared, sent, code) => {
    const [issued] = okData('uploadToken', await tokensFor([declared])).tokens;
    if (issued === undefined) throw new Error('no token');
    expect((await upload(issued.body.key, issued.body.token, sent)).result).toBe(code);
    expect(stored().uploads).toBe(0);
    // The token is still good for the right file.
    expect((await upload(issued.body.key, issued.body.token, declared)).result).toBe(0);
  });

  it('refuses a wrong token, a reused token and a token older than 10 minutes', async () => {
    const [a, b] = okData('uploadToken', await tokensFor([png(), jpeg()])).tokens;
    if (a === undefined || b === undefined) throw new Error('no tokens');
    expect((await upload(a.body.key, b.body.token, png())).result).toBe(ServerCode.uploadTokenInvalid);
    expect((await upload(a.body.key, a.body.token, png())).result).toBe(0);
    expect((await upload(a.body.key, a.body.token, png())).result).toBe(ServerCode.uploadTokenInvalid);
    await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/clock',
      payload: { advanceMs: UPLOAD_TOKEN_TTL_MS },
    });
    expect((await upload(b.body.key, b.body.token, jpeg())).result).toBe(ServerCode.uploadTokenInvalid);
    expect(stored().uploads).toBe(1);
  });
});

describe('submissions', () => {
  it('accepts text and three uploaded files', async () => {
    const keys = await uploaded([jpeg(), png(), mp4()]);
    const answer = await submit('لم تصل الماسات بعد الدفع', keys, UUID, 'sk-10000001');
    expect(okData('submitFeedback', answer).feedback_id).toMatch(/^fb-/);
    const [submission] = app.mock.world.feedback.submissions();
    expect(submission).toMatchObject({ keys, uid: 1001, uuid: UUID });
  });

  it('keeps a signed-out visitor’s contact; one over the limit is refused and nothing is stored', async () => {
    const base = { content: 'لم يصل الماس', images: [], model: 'Pixel 7', version: '1.0.333', uuid: UUID };
    // The client's own encoding refuses it too; sent raw, the contract check refuses it.
    const query = new URLSearchParams({
      ...base,
      images: '[]',
      contact: `${'a'.repeat(FEEDBACK_CONTACT_MAX_LENGTH)}@x.sa`,
    });
    const tooLong = await app.inject({ method: 'GET', url: `/api/feedback/submit/?${query}` });
    expect(tooLong.json().result).not.toBe(0);
    expect(stored().submissions).toBe(0);
    const answer = await callInject(app, 'submitFeedback', { ...base, contact: '+966501234567' });
    expect(answer.result).toBe(0);
    expect(app.mock.world.feedback.submissions()[0]).toMatchObject({
      contact: '+966501234567',
      uid: undefined,
    });
  });

  // The code second, so the title shows it (a title's placeholders take the row's values in order).
  it.each(
    (
      [
        ['no text @spec:code.24005 @spec:rule.feedback', '', ServerCode.textRequired],
        ['only spaces', '   ', ServerCode.textRequired],
        ['only invisible characters (U+200B ×3)', '\u200b\u200b\u200b', ServerCode.textRequired],
        ['only direction marks and a BOM', '\u200e\u200f\ufeff \u2060', ServerCode.textRequired],
        [
          '501 characters @spec:code.24004 @spec:rule.feedback',
          // TESTDATA: "text up to 500" characters, written out so a changed limit fails here.
          'ا'.repeat(501),
          ServerCode.textTooLong,
        ],
        ['500 characters', 'ا'.repeat(500), 0],
        ['500 emoji (one character each)', '💎'.repeat(500), 0],
      ] as const
    ).map(([label, content, code]) => [label, code, content] as const),
  )('text of %s answers %i', async (_label, code, content) => {
    const answer = await submit(content, []);
    expect(answer.result).toBe(code);
    expect(stored().submissions).toBe(code === 0 ? 1 : 0);
  });

  it('refuses a fourth file at submit and stores nothing @spec:rule.feedback @spec:code.24003', async () => {
    const keys = [...(await uploaded([jpeg(), png(), webp()])), ...(await uploaded([jpeg()]))];
    expect((await submit('four files', keys)).result).toBe(ServerCode.tooManyFiles);
    expect(stored().submissions).toBe(0);
    // The three are still free to send.
    expect((await submit('three files', keys.slice(0, 3))).result).toBe(0);
  });

  it.each([
    ['a key never issued @spec:code.24006', async () => ['feedback/made-up.png']],
    [
      'a key issued but not uploaded',
      async () => okData('uploadToken', await tokensFor([png()])).tokens.map((t) => t.body.key),
    ],
    ['a key uploaded by another client', async () => uploaded([png()], 'uuid-someone-else')],
    [
      'the same key twice',
      async () => {
        const [key] = await uploaded([png()]);
        return [key as string, key as string];
      },
    ],
  ] as const)('refuses %s and stores nothing', async (_label, keysOf) => {
    const keys = await keysOf();
    expect((await submit('problem', [...keys])).result).toBe(ServerCode.uploadTokenInvalid);
    expect(stored().submissions).toBe(0);
  });

  it('a file goes with one report only', async () => {
    const keys = await uploaded([png()]);
    expect((await submit('first', keys)).result).toBe(0);
    expect((await submit('second', keys)).result).toBe(ServerCode.uploadTokenInvalid);
    expect(stored().submissions).toBe(1);
  });
});

describe('uploads checked as a hostile client would send them (issue 12, finding 6)', () => {
  const part = (boundary: string, name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const filePart = (boundary: string, name: string, type: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;

  it('refuses a file whose bytes are not of its declared type, and stores nothing', async () => {
    const { tokens } = okData('uploadToken', await tokensFor([png(1000)]));
    const issued = tokens[0];
    if (issued === undefined) throw new Error('no token');
    const boundary = 'b-magic';
    const body = Buffer.concat([
      Buffer.from(part(boundary, 'key', issued.body.key) + part(boundary, 'token', issued.body.token)),
      Buffer.from(filePart(boundary, 'receipt.png', 'image/png')),
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(998)]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/upload_image/',
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.json().result).toBe(ServerCode.fileTypeRefused);
    expect(stored().uploads).toBe(0);
  });

  it.each([
    ['multipart with no boundary', 'multipart/form-data', 'x'],
    ['multipart with an empty boundary', 'multipart/form-data; boundary=', 'x'],
    ['a body that is not the multipart its boundary names', 'multipart/form-data; boundary=abc', 'x'],
    [
      'a part cut off mid-body',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="key"\r\n\r\nv',
    ],
  ])('refuses %s as a bad upload, not as an internal error', async (_label, contentType, payload) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/upload_image/',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe(ServerCode.fileTypeRefused);
    expect(stored().uploads).toBe(0);
  });

  // What the server says of a file comes from its bytes alone.
  it('refuses a JSON body that asserts its own file metadata with no bytes', async () => {
    const { tokens } = okData('uploadToken', await tokensFor([png(1000)]));
    const issued = tokens[0];
    if (issued === undefined) throw new Error('no token');
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/upload_image/',
      payload: {
        key: issued.body.key,
        token: issued.body.token,
        file: { filename: 'receipt.png', mimetype: 'image/png', size: 1000, content_matches: true },
      },
    });
    expect(res.json().result).toBe(ServerCode.fileTypeRefused);
    expect(stored().uploads).toBe(0);
  });

  it.each([
    ['a PNG that is also an HTML page', '<html><body><script>alert(document.cookie)</script></body></html>'],
    ['a PNG with an SVG inside', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['a PNG whose script marker crosses a chunk', `${'z'.repeat(65_530)}<SCRIPT>alert(1)</SCRIPT>`],
  ])('refuses %s (a polyglot), and stores nothing', async (_label, tail) => {
    const { tokens } = okData('uploadToken', await tokensFor([png(200_000)]));
    const issued = tokens[0];
    if (issued === undefined) throw new Error('no token');
    const boundary = 'b-polyglot';
    const pngHead = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const body = Buffer.concat([
      Buffer.from(part(boundary, 'key', issued.body.key) + part(boundary, 'token', issued.body.token)),
      Buffer.from(filePart(boundary, 'receipt.png', 'image/png')),
      pngHead,
      Buffer.from(tail, 'latin1'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/upload_image/',
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.json().result).toBe(ServerCode.fileTypeRefused);
    expect(stored().uploads).toBe(0);
  });

  it('answers a bad token before the file is sent, on a loopback listener', async () => {
    const { startMockServer } = await import('../src/server');
    const mock = await startMockServer({ now: NOW });
    try {
      const boundary = 'b-early';
      const url = new URL('/api/user/upload_image/', mock.url);
      const { request } = await import('node:http');
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(url, {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(50 * MB),
          },
        });
        req.on('error', reject);
        req.on('response', (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          res.on('error', reject);
        });
        // Only the fields and the start of the file: the rest of the 50 MB is never sent.
        req.write(part(boundary, 'key', 'feedback/forged.png') + part(boundary, 'token', 'forged'));
        req.write(filePart(boundary, 'big.png', 'image/png'));
        req.write(Buffer.alloc(64 * 1024));
      });
      expect(JSON.parse(answer.body)).toMatchObject({ result: ServerCode.uploadTokenInvalid });
    } finally {
      await mock.close();
    }
  });
});

describe('a card number typed into a report (review 18)', () => {
  it.each([
    ['card 4242424242424242 123 thanks', ['4242424242424242', '4242424242424242 123']],
    ['card 4242 4242 4242 4242 123', ['4242 4242 4242 4242', '4242424242424242']],
    ['خصم مرتين من بطاقتي 4544249167673670 741 انتهاء 12/30', ['4544249167673670', '3670 741']],
  ])('%j: the journal keeps neither the number nor its CVV', async (content, secrets) => {
    okData('submitFeedback', await submit(content, []));
    const journal = await app.inject({ method: 'GET', url: '/__mock/journal', headers: CONTROL });
    expect(journal.statusCode).toBe(200);
    expect(journal.body).toContain('[card ');
    for (const secret of secrets) expect(journal.body).not.toContain(secret);
  });
});
