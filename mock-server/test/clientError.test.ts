import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMockServer } from '../src/server';

/** Requests Node's HTTP parser refuses never reach Fastify; they still get an envelope. */
describe('requests refused before routing', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMockServer({ logger: false });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('answers a URL over the header size limit with 431 and an envelope (10001)', async () => {
    const answer = await fetch(`${mock.url}/api/fine/get_fine_info/?id=${'ش'.repeat(8000)}`);
    expect(answer.status).toBe(431);
    expect(await answer.json()).toEqual({
      result: 10001,
      message: expect.stringContaining('the request headers are too large'),
      data: null,
    });
  });

  it('answers a malformed request line with 400 and an envelope', async () => {
    const { port } = new URL(mock.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT A REQUEST\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toMatchObject({ result: 10001, data: null });
  });
});
