import Fastify from 'fastify';
import { type StartedMock, startMock } from '../../src/commands/mockServer';

/** Changes one JSON answer (the path asked for, the parsed body); what it returns is sent instead. */
export type Alteration = (path: string, body: { result?: unknown; data?: unknown }) => unknown;

/**
 * The mock without its control API (as a real backend) behind a proxy that alters its JSON answers as the
 * test says; everything else (the codes, the refusals, the JSONP and the other fields) is the real thing,
 * so only the alteration can fail a check. `elsewhere`: the paths it matches go to a second such mock, so
 * those writes change nothing the first one answers (a backend whose writes do nothing).
 */
export async function startAlteredBackend(
  alter: Alteration,
  elsewhere?: RegExp,
): Promise<{ url: string; close: () => Promise<void> }> {
  const backend: StartedMock = await startMock({ control: false });
  const other: StartedMock | undefined =
    elsewhere === undefined ? undefined : await startMock({ control: false });
  const app = Fastify({ bodyLimit: 1024 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.all('/*', async (request, reply) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => !['host', 'content-length', 'connection'].includes(name))
        .map(([name, value]) => [name, String(value)]),
    );
    const path = request.url.split('?')[0] ?? '';
    const to = other !== undefined && elsewhere?.test(path) === true ? other : backend;
    const answer = await fetch(new URL(request.url, to.target.baseUrl), {
      method: request.method,
      headers,
      ...(Buffer.isBuffer(request.body) ? { body: new Uint8Array(request.body) } : {}),
      redirect: 'manual',
    });
    const text = await answer.text();
    let body: string = text;
    try {
      body = JSON.stringify(alter(path, JSON.parse(text)));
    } catch {
      // not JSON (a JSONP answer, a page): passed on as it is
    }
    reply.code(answer.status).header('content-type', answer.headers.get('content-type') ?? 'text/plain');
    return reply.send(body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await backend.close();
      await other?.close();
    },
  };
}
