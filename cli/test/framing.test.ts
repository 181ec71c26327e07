// Integration test: the HTTP client against a raw loopback server whose answers break HTTP framing or
// encoding one way each; the client reads them as strictly as a browser, so each fails the call.
import { createServer, type Server, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { sendCall } from '../src/http/client';
import { MAX_ANSWER_BYTES } from '../src/http/wire';
import { captureIo } from './support/capture';

const envelope = () => JSON.stringify({ result: 0, message: '', data: { ts: Date.now() } });
type Mode = 'plain' | 'gzip' | 'chunkedNoEnd' | 'cutLength' | 'unknownEncoding' | 'gzipBomb' | 'tooLong';
let mode: Mode = 'plain';
/** A body of spaces past the cap before the envelope, gzip-compressed to a few KB. */
const bomb = gzipSync(Buffer.concat([Buffer.alloc(MAX_ANSWER_BYTES * 4, 0x20), Buffer.from(envelope())]));

function answer(socket: Socket) {
  const text = envelope();
  const head = (headers: string) =>
    `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n${headers}\r\n`;
  switch (mode) {
    case 'plain':
      return socket.end(`${head(`content-length: ${text.length}\r\n`)}${text}`);
    case 'gzip': {
      const gz = gzipSync(text);
      socket.write(head(`content-encoding: gzip\r\ncontent-length: ${gz.length}\r\n`));
      return socket.end(gz);
    }
    case 'chunkedNoEnd':
      // The whole envelope in one chunk, then the connection closes without the last (0) chunk.
      return socket.end(
        `${head('transfer-encoding: chunked\r\n')}${text.length.toString(16)}\r\n${text}\r\n`,
      );
    case 'cutLength':
      return socket.end(`${head(`content-length: ${text.length + 50}\r\n`)}${text}`);
    case 'unknownEncoding':
      return socket.end(
        `${head(`content-encoding: x-topup-custom\r\ncontent-length: ${text.length}\r\n`)}${text}`,
      );
    case 'gzipBomb':
      socket.write(head(`content-encoding: gzip\r\ncontent-length: ${bomb.length}\r\n`));
      return socket.end(bomb);
    case 'tooLong':
      return socket.end(head(`content-length: ${MAX_ANSWER_BYTES + 1}\r\n`));
  }
}

let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () => answer(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const serverTime = async (as: Mode) => {
  mode = as;
  return sendCall(url, 'serverTime', {}, { timeoutMs: 5000 });
};

describe('the HTTP client reads answers as strictly as a browser', () => {
  it.each(['plain', 'gzip'] as const)('reads a well-framed %s answer', async (as) => {
    const answer = await serverTime(as);
    expect(answer.networkError).toBeUndefined();
    expect(answer.body).toMatchObject({ result: 0, data: { ts: expect.any(Number) } });
  });

  it.each([
    ['chunkedNoEnd', /^the answer was cut off: the connection closed before the end of its body/],
    ['cutLength', /^the answer was cut off: the connection closed before the end of its body/],
    ['unknownEncoding', /^the answer's content-encoding "x-topup-custom" is not one a browser decodes/],
    ['gzipBomb', /^the answer is larger than 4 MiB \(the client's cap on an answer body, decompressed\)/],
    ['tooLong', /^the answer is larger than 4 MiB/],
  ] as const)('fails %s as a transport error', async (as, message) => {
    const answer = await serverTime(as);
    expect(answer.networkError).toMatch(message);
    expect(answer.body).toBeUndefined();
  });

  it('fails the contract check on a cut chunked answer', async () => {
    mode = 'chunkedNoEnd';
    const io = captureIo();
    expect(await runCli(['contract', 'check', '--target', url, '--only', 'serverTime'], io)).toBe(1);
    expect(io.stdout()).toMatch(/serverTime \(GET \/api\/sys\/ts\/\): network\n\s+the answer was cut off/);
  });
});
