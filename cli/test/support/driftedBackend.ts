import Fastify from 'fastify';
import { type StartedMock, startMock } from '../../src/commands/mockServer';

/** Renames and retypes fields of an answer's data at any depth, as a backend drifted from its contracts. */
function drift(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(drift);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key === 'nickname') return ['nick_name', inner]; // renamed
      if (key === 'order_id') return ['orderId', inner]; // renamed
      if (key === 'ts' && typeof inner === 'number') return ['ts', String(inner)]; // typed wrong
      return [key, drift(inner)];
    }),
  );
}

/**
 * A backend that drifted: the mock (no control API, as a real backend) behind a proxy that renames
 * `nickname` and `order_id` and answers the server time as text in every successful answer. Everything else
 * (the codes, the refusals, the other fields) is the real thing, so only the drift can fail a check.
 */
export async function startDriftedBackend(): Promise<{ url: string; close: () => Promise<void> }> {
  const backend: StartedMock = await startMock({ control: false });
  const app = Fastify({ bodyLimit: 1024 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.all('/*', async (request, reply) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => !['host', 'content-length', 'connection'].includes(name))
        .map(([name, value]) => [name, String(value)]),
    );
    const answer = await fetch(new URL(request.url, backend.target.baseUrl), {
      method: request.method,
      headers,
      ...(Buffer.isBuffer(request.body) ? { body: new Uint8Array(request.body) } : {}),
      redirect: 'manual',
    });
    const text = await answer.text();
    let body: string = text;
    try {
      const json = JSON.parse(text) as { result?: unknown; data?: unknown };
      if (json.result === 0) body = JSON.stringify({ ...json, data: drift(json.data) });
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
    },
  };
}
