import type { FastifyInstance } from 'fastify';

/**
 * Cross-origin API calls from the mock's own aliases: a backup domain is dialed with `hii`, a
 * plain fetch, where it used to be a JSONP script, and a fetch to another origin needs CORS. Allowed: an
 * origin on the same port as the request's Host whose host name is a loopback alias or one of the wallet
 * hosts (the backup-domains answer names exactly those), or a configured allowed origin. Anything else (a
 * page on another port or host) gets no CORS header, so its page cannot read the answer.
 */
const API = /^\/(api|third)\//;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function corsOriginAllowed(
  origin: string,
  host: string | undefined,
  aliases: readonly string[],
  allowedOrigins: readonly string[],
): boolean {
  let url: URL;
  let served: URL;
  try {
    url = new URL(origin);
    served = new URL(`http://${host ?? ''}`);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (allowedOrigins.some((entry) => entry === url.origin)) return true;
  const sameService = (url.port || '80') === (served.port || '80');
  return sameService && (LOOPBACK.has(url.hostname) || aliases.includes(url.hostname));
}

export function registerApiCors(
  app: FastifyInstance,
  aliases: readonly string[],
  allowedOrigins: readonly string[],
): void {
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || !API.test(request.url)) return done();
    if (!corsOriginAllowed(origin, request.headers.host, aliases, allowedOrigins)) return done();
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
    if (request.method !== 'OPTIONS') return done();
    reply.header('Access-Control-Allow-Methods', 'GET, POST');
    const asked = request.headers['access-control-request-headers'];
    if (typeof asked === 'string' && /^[\w\s,-]{0,512}$/.test(asked))
      reply.header('Access-Control-Allow-Headers', asked);
    reply.header('Access-Control-Max-Age', '600');
    reply.code(204).send();
  });
}
