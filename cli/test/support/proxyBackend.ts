import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type StartedMock, startMock } from '../../src/commands/mockServer';

/** One answer of the proxy: what the test makes of the mock's answer (or says instead of it). */
export interface ProxiedAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * The mock (no control API, as a real backend) behind a proxy of the test's own on a free loopback port:
 * `answer` sees each request's path (without `prefix`) and the mock's answer, and says what goes back. With a
 * `prefix` the backend lives only under it (`/staging/`); any other path answers 502, as a gateway would.
 * Every path asked is kept in `paths`. With `given` (a mock the test started, its control API on) that mock
 * is proxied instead, and left running on close.
 */
export async function startProxyBackend(
  answer: (
    path: string,
    upstream: ProxiedAnswer,
    request: IncomingMessage,
  ) => ProxiedAnswer | undefined = () => undefined,
  prefix = '/',
  given?: StartedMock,
): Promise<{ url: string; paths: string[]; close: () => Promise<void> }> {
  const mock: StartedMock = given ?? (await startMock({ control: false }));
  const paths: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const url = request.url ?? '/';
      paths.push(url.split('?')[0] ?? url);
      if (!url.startsWith(prefix)) {
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end('<html>bad gateway</html>');
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (value !== undefined && !['host', 'content-length', 'connection'].includes(name))
          headers[name] = String(value);
      const body = Buffer.concat(chunks);
      const upstream = await fetch(new URL(`/${url.slice(prefix.length)}`, mock.target.baseUrl), {
        method: request.method ?? 'GET',
        headers,
        ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
        redirect: 'manual',
      });
      const got: ProxiedAnswer = {
        status: upstream.status,
        headers: { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' },
        body: await upstream.text(),
      };
      const sent = answer(`/${url.slice(prefix.length)}`.split('?')[0] ?? '', got, request) ?? got;
      response.writeHead(sent.status, sent.headers);
      response.end(sent.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    paths,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (given === undefined) await mock.close();
    },
  };
}
