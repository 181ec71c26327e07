import { duplexPair } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/**
 * Sends a request's raw bytes through the mock's own Node HTTP server, on an in-memory socket (no port), and
 * answers the status of its reply: what `app.inject` skips — the HTTP parser and its limit on the request
 * line and headers (431 past it).
 */
export async function rawStatus(app: FastifyInstance, head: string): Promise<number> {
  await app.ready();
  const [client, server] = duplexPair();
  app.server.emit('connection', server);
  return new Promise<number>((resolve, reject) => {
    let answer = '';
    client.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(answer);
      if (status !== null) {
        client.destroy();
        resolve(Number(status[1]));
      }
    });
    client.on('error', reject);
    client.on('close', () => reject(new Error(`no status line: ${answer.slice(0, 80)}`)));
    client.write(head);
  });
}

/** A GET request's head as a browser would send it (with the app's own headers at their longest). */
export function getHead(pathAndQuery: string): string {
  const headers = [
    'Host: 127.0.0.1:8080',
    `User-Agent: Mozilla/5.0 (Linux; Android 14; Pixel 8 Pro) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 ${'x'.repeat(200)}`,
    'Accept: application/json, text/plain, */*',
    'Accept-Language: ar-SA,ar;q=0.9,en-US;q=0.8,en;q=0.7',
    'Accept-Encoding: gzip, deflate, br, zstd',
    'Referer: https://topup.example/recharge-list?zp_show=1',
    `x-session-key: ${'s'.repeat(200)}`,
    `x-device-token: ${'d'.repeat(128)}`,
    `x-cli-id: ${'c'.repeat(128)}`,
    'x-cli-pn: ksa',
    'Connection: close',
  ];
  return `GET ${pathAndQuery} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`;
}
