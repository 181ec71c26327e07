import Fastify, { type FastifyInstance } from 'fastify';

/** A small backend of the test's own on a loopback port: no control API, answers as the test says. */
export async function startServer(
  routes: (app: FastifyInstance) => void,
): Promise<{ url: string; app: FastifyInstance; close: () => Promise<void> }> {
  const app = Fastify();
  routes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}
