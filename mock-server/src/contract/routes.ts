import { setTimeout as sleep } from 'node:timers/promises';
import {
  CALL_NAMES,
  type CallContract,
  type CallName,
  type Envelope,
  fail,
  Message,
  messageOf,
  registry,
  ServerCode,
} from '@topup/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isOwnHost } from '../control/access';
import { hangConnection, NOT_AN_ENVELOPE, resetConnection } from '../control/faults';
import type { MockServices } from '../services';
import { type DispatchContext, dispatch } from './dispatch';
import { gatherMultipart, gatherParams, type UploadPrecheck, UploadRefused } from './parse';
import { redact } from './redact';
import type { Handlers } from './reply';

/**
 * The origin every URL the mock answers is built on (return URLs, hosted and issuer pages, backup domains):
 * the configured public base; without one, the address the request reached when it is one this server
 * listens on (127.0.0.1 or localhost on its port: the wallet domain check moves visitors between the two),
 * and otherwise the bound address. A Host the server does not answer for is never echoed.
 */
export function originOf(request: FastifyRequest, services: MockServices): string {
  const configured = services.options.publicBase;
  if (configured !== undefined) return configured;
  const app = request.server;
  const host = request.headers.host;
  if (host !== undefined && isOwnHost(app, host)) return `http://${host.trim().toLowerCase()}`;
  const address = app.server.address();
  if (address === null || typeof address !== 'object') return 'http://127.0.0.1';
  const name = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${name.includes(':') ? `[${name}]` : name}:${address.port}`;
}

/** upload_image's key and token, checked before its file is read. */
function uploadPrecheck(name: CallName, services: MockServices): UploadPrecheck | undefined {
  if (name !== 'uploadImage') return undefined;
  return (fields) =>
    typeof fields.key === 'string' &&
    typeof fields.token === 'string' &&
    services.world.feedback.tokenUsable(fields.key, fields.token);
}

/** One registered call: what its route needs, worked out once at registration. */
interface Route {
  readonly services: MockServices;
  readonly handlers: Handlers;
  readonly name: CallName;
  readonly contract: CallContract;
}

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
    const route: Route = { services, handlers, name, contract };
    app.route({
      method: contract.method,
      url: contract.path,
      handler:
        contract.transport === 'multipart'
          ? (request, reply) => {
              const started = performance.now();
              return gatherMultipart(request, uploadPrecheck(name, services)).then(
                (params) => answer({ route, request, reply, params, started }),
                (error: unknown) => {
                  if (!(error instanceof UploadRefused)) throw error;
                  // Refused before the file is read; the connection closes rather than take the rest.
                  reply.header('connection', 'close');
                  const message = messageOf(error.result) ?? Message.invalidParam;
                  send({ route, request, reply, params: {}, started }, fail(error.result, message));
                },
              );
            }
          : (request, reply) =>
              answer({
                route,
                request,
                reply,
                params: gatherParams(contract, request),
                started: performance.now(),
              }),
    });
  }
}

/** One request being answered: its route, the request and reply, its parameters, and when it began. */
interface Exchange {
  readonly route: Route;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly params: Record<string, unknown>;
  readonly started: number;
}

/** Records one answered request in the journal, its parameters redacted. */
function journal(
  { route, request, params, started }: Exchange,
  result: number | 'fault',
  answer?: Envelope,
): void {
  route.services.control.record({
    atMs: route.services.world.clock.now(),
    call: route.name,
    method: request.method,
    path: route.contract.path,
    params: redact(params),
    result,
    ms: Math.round(performance.now() - started),
    requestId: request.headers['x-cli-rid'] as string | undefined,
    answer,
  });
}

/**
 * The context dispatch gives the handlers: the services and what the request says of its client. A plain
 * object (dispatch copies it into each call's scope, so a getter would be read at once anyway).
 */
function contextOf({ route, request }: Exchange): DispatchContext {
  const headers = request.headers as Record<string, string | undefined>;
  const context: DispatchContext = {
    world: route.services.world,
    rooms: route.services.rooms,
    headers,
    requestId: headers['x-cli-rid'],
    origin: originOf(request, route.services),
    ip: request.ip,
    log: request.log,
    dispatch: (name, params) => dispatch(route.handlers, name, params, context),
  };
  return context;
}

const dispatchCall = (exchange: Exchange) =>
  dispatch(exchange.route.handlers, exchange.route.name, exchange.params, contextOf(exchange));

async function answer(exchange: Exchange): Promise<void> {
  const { route, request, reply } = exchange;
  const latencyMs = route.services.control.latencyMs;
  if (latencyMs > 0) await sleep(latencyMs);
  const forced = route.services.control.take(route.name);
  if (forced?.kind === 'delay') await sleep(forced.ms);
  if (forced === undefined || forced.kind === 'delay') return send(exchange, await dispatchCall(exchange));
  // A forced code says its own catalogue message (SPEC §8), unless the force gives one; unknown codes the internal one.
  if (forced.kind === 'result')
    return send(
      exchange,
      fail(forced.result, forced.message ?? messageOf(forced.result) ?? Message.internal),
    );
  if (forced.kind === 'lostAnswer') {
    // The call takes effect (and is journalled with its result); its answer never reaches the client.
    journal(exchange, (await dispatchCall(exchange)).result);
    if (forced.after === 'hang') hangConnection(request, reply, forced.ms);
    else resetConnection(request, reply);
    return;
  }
  journal(exchange, 'fault');
  // A switch over every kind left, so a fault kind added later that is not answered here does not compile.
  switch (forced.kind) {
    case 'http':
      reply.code(forced.status).send(fail(ServerCode.internal, Message.internal));
      return;
    case 'reset':
      resetConnection(request, reply);
      return;
    case 'hang':
      hangConnection(request, reply, forced.ms);
      return;
    case 'notEnvelope':
      reply.code(forced.status).type('text/html; charset=utf-8').send(NOT_AN_ENVELOPE);
      return;
    default:
      forced satisfies never;
  }
}

/** Journals the answer and sends its envelope (wrapped in the callback for JSONP). */
function send(exchange: Exchange, envelope: Envelope): void {
  const { route, reply, params } = exchange;
  journal(exchange, envelope.result, envelope);
  if (envelope.result === ServerCode.rateLimited) reply.code(429);
  if (route.contract.transport === 'jsonp') {
    const callback =
      typeof params.callback === 'string' && /^[A-Za-z_$][\w$.]{0,63}$/.test(params.callback)
        ? params.callback
        : undefined;
    if (callback) {
      reply
        .type('application/javascript; charset=utf-8')
        .send(`/**/${callback}(${JSON.stringify(envelope)});`);
      return;
    }
  }
  reply.send(envelope);
}
