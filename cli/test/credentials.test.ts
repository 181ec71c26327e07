// A URL with a user name and password (`--target http://ci:secret@host`) is refused before anything is sent,
// and the password is never printed: the refusal shows it as ***.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';

let server: Server;
let port = 0;
let requests = 0;
beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    response.end('{"result":0,"message":"","data":{}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('a URL with credentials', () => {
  it.each([
    (url: string) => ['contract', 'check', '--target', url, '--reporter', 'json'],
    (url: string) => ['contract', 'fuzz', `--target=${url}`, '--runs', '1'],
    (url: string) => ['scenario', 'run', 'account-normal', '--target', url, '--reporter', 'junit'],
    (url: string) => ['scenario', 'run', 'account-normal', '--target', 'mock', '--compare', url],
    (url: string) => ['record', '--target', url, '--out', 'never/written.yaml', '--port', '0'],
  ])('is refused with the password masked, nothing sent (%#)', async (args) => {
    const io = captureIo();
    const url = `http://ciuser:S3cretT0ken@127.0.0.1:${port}`;
    expect(await runCli(args(url), io)).toBe(2);
    expect(io.stderr()).toBe(
      `topup: http://ciuser:***@127.0.0.1:${port}/: a URL with a user name or password is refused; topup sends no credentials from a URL (they would reach the request line, reports and logs): nothing was sent. Give the URL without them (a backend behind basic auth needs a proxy or a URL that needs none)\n`,
    );
    expect(io.stdout()).toBe('');
    expect(requests).toBe(0);
  });

  it('masks a password even in a URL that does not parse', async () => {
    const io = captureIo();
    expect(await runCli(['contract', 'check', '--target', 'http://u:S3cret@[::1'], io)).toBe(2);
    expect(io.stderr()).toContain('http://u:***@[::1');
    expect(io.stderr()).not.toContain('S3cret');
  });
});
