import {
  CALL_NAMES,
  type CallContract,
  type CallName,
  fail,
  Message,
  registry,
  ServerCode,
} from '@topup/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MockServices } from '../services';
import { type DispatchContext, dispatch } from './dispatch';
import { gatherMultipart, gatherParams } from './parse';
import { rateLimitedCalls } from './rateLimits';
import { redact } from './redact';
import type { Handlers } from './reply';

const HANG_LIMIT_MS = 120_000;

export function originOf(request: FastifyRequest): string {
  const host = request.headers.host ?? '127.0.0.1';
  return `${request.protocol}://${host}`;
}

export function contextOf(
  services: MockServices,
  request: FastifyRequest,
  handlers: Handlers,
): DispatchContext {
  // Node gives every request header as a string but set-cookie, which no call reads.
  const headers = request.headers as Record<string, string | undefined>;
  const context: DispatchContext = {
    world: services.world,
    rooms: services.rooms,
    headers,
    requestId: headers['x-cli-rid'],
    origin: originOf(request),
    ip: request.ip,
    log: request.log,
    dispatch: (name, params) => dispatch(handlers, name, params, context),
  };
  return context;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Registers every call of the registry as a route. A forced transport fault from the control API is applied
 * first; then the call is dispatched and its envelope sent (wrapped in the callback for JSONP).
 */
export function registerContractRoutes(
  app: FastifyInstance,
  services: MockServices,
  handlers: Handlers,
  include: (contract: CallContract) => boolean = () => true,
): void {
  for (const name of CALL_NAMES) {
    const contract: CallContract = registry[name];
    if (!include(contract)) continue;
    app.route({
      method: contract.method,
      url: contract.path,
      ...(rateLimitedCalls.has(name)
        ? { config: { rateLimit: { max: services.options.signInRateLimit, timeWindow: '1 minute' } } }
        : {}),
      handler: (request, reply) => answer(services, handlers, name, request, reply),
    });
  }
}

async function answer(
  services: MockServices,
  handlers: Handlers,
  name: CallName,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const started = performance.now();
  const contract: CallContract = registry[name];
  const params =
    contract.transport === 'multipart' ? await gatherMultipart(request) : gatherParams(contract, request);
  const journal = (result: number | 'fault') =>
    services.control.record({
      atMs: services.world.clock.now(),
      call: name,
      method: request.method,
      path: contract.path,
      params: redact(params),
      result,
      ms: Math.round(performance.now() - started),
      requestId: request.headers['x-cli-rid'] as string | undefined,
    });

  if (services.control.latencyMs > 0) await sleep(services.control.latencyMs);
  const forced = services.control.take(name);
  if (forced?.kind === 'delay') await sleep(forced.ms);
  if (forced?.kind === 'http') {
    journal('fault');
    return reply.code(forced.status).send(fail(ServerCode.internal, Message.internal));
  }
  if (forced?.kind === 'reset') {
    journal('fault');
    reply.hijack();
    // A real socket is destroyed (the client sees a connection reset); under inject the response is.
    (request.raw.socket ?? reply.raw).destroy();
    return;
  }
  if (forced?.kind === 'hang') {
    journal('fault');
    reply.hijack();
    // Hangs until the client gives up, bounded so that a forgotten hang cannot hold a socket for ever.
    const timer = setTimeout(() => (request.raw.socket ?? reply.raw).destroy(), HANG_LIMIT_MS);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    return;
  }

  const envelope =
    forced?.kind === 'result'
      ? fail(forced.result, forced.message ?? Message.internal)
      : await dispatch(handlers, name, params, contextOf(services, request, handlers));
  journal(envelope.result);

  if (contract.transport === 'jsonp') {
    const callback =
      typeof params.callback === 'string' && /^[A-Za-z_$][\w$.]{0,63}$/.test(params.callback)
        ? params.callback
        : undefined;
    if (callback) {
      return reply
        .type('application/javascript; charset=utf-8')
        .send(`/**/${callback}(${JSON.stringify(envelope)});`);
    }
  }
  return reply.send(envelope);
}
