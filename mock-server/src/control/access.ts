import { networkInterfaces } from 'node:os';
import { fail, ServerCode } from '@topup/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Who may drive the control API (/__mock/). A web page the developer visits must not: a cross-site form post
 * cannot carry a custom header, and a cross-site fetch that sets one needs a CORS preflight, which is refused
 * here. DNS rebinding (a hostile name resolving to 127.0.0.1) is stopped by checking `Host` against the
 * addresses the server listens on.
 */

/** The header every control request carries; a browser sends it cross-site only after a preflight. */
export const CONTROL_HEADER = 'x-topup-control';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address === 'localhost';
}

function isWildcard(address: string): boolean {
  return address === '0.0.0.0' || address === '::';
}

/** A host name as it appears in a Host header: IPv6 in brackets, lower case. */
function asHostName(address: string): string {
  return address.includes(':') ? `[${address.toLowerCase()}]` : address.toLowerCase();
}

/** The hosts (name and port) this server answers for: its bound address, and loopback names for loopback. */
export function ownHosts(app: FastifyInstance): { names: ReadonlySet<string>; port: number | undefined } {
  const address = app.server.address();
  // Not listening (app.inject): only loopback names, on any port.
  if (address === null || typeof address !== 'object') {
    return { names: new Set(LOOPBACK_NAMES), port: undefined };
  }
  const names = new Set<string>();
  if (isLoopback(address.address) || isWildcard(address.address)) {
    for (const name of LOOPBACK_NAMES) names.add(name);
  }
  if (isWildcard(address.address)) {
    for (const list of Object.values(networkInterfaces())) {
      for (const entry of list ?? []) names.add(asHostName(entry.address));
    }
  } else {
    names.add(asHostName(address.address));
  }
  return { names, port: address.port };
}

/** Splits a Host header into name and port; undefined when it is no host at all. */
export function parseHost(host: string | undefined): { name: string; port: number | undefined } | undefined {
  if (host === undefined || host.length > 300) return undefined;
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  if (match === null || match[1] === undefined) return undefined;
  return { name: match[1].toLowerCase(), port: match[2] === undefined ? undefined : Number(match[2]) };
}

/** Whether a Host header names this server: one of its addresses, on the port it listens on. */
export function isOwnHost(app: FastifyInstance, host: string | undefined): boolean {
  const parsed = parseHost(host);
  if (parsed === undefined) return false;
  const own = ownHosts(app);
  if (!own.names.has(parsed.name)) return false;
  return own.port === undefined || (parsed.port ?? 80) === own.port;
}

function isControlPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is no control path: the router refuses it.
  }
  return /^\/__mock(\/|$)/i.test(decoded);
}

function refuse(reply: FastifyReply, status: number, why: string): FastifyReply {
  return reply.code(status).send(fail(ServerCode.invalidParam, `control API: ${why}`));
}

function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Registers the checks in front of every /__mock/ route (only when the control API is on). */
export function registerControlAccess(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // The route that will answer, then the path as sent: whichever names the control API, it is guarded.
    if (!isControlPath(request.routeOptions.url ?? '') && !isControlPath(request.url)) {
      done();
      return;
    }
    if (request.method === 'OPTIONS') {
      refuse(reply, 403, 'cross-origin requests are refused');
      return;
    }
    if (!isOwnHost(app, request.headers.host)) {
      refuse(reply, 403, 'the Host header must name an address this server listens on');
      return;
    }
    if (request.headers[CONTROL_HEADER] !== '1') {
      refuse(reply, 403, `send the header ${CONTROL_HEADER}: 1`);
      return;
    }
    const needsJson = request.method === 'POST' || request.method === 'PUT' || hasBody(request);
    if (needsJson && mediaType(request) !== 'application/json') {
      refuse(reply, 415, 'bodies are JSON only (content-type: application/json)');
      return;
    }
    done();
  });
}
