import { existsSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { CALL_NAMES, fail, Message, registry, ServerCode } from '@topup/contracts';
import { REQUEST_HEAD_MAX_BYTES } from '@topup/contracts/requestSize';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { registerChatHook } from './chatHook';
import {
  clientErrorHandler,
  frameworkErrors,
  registerJsonParser,
  registerOriginFormOnly,
} from './contract/hostile';
import { redactUrl } from './contract/redact';
import { registerContractRoutes } from './contract/routes';
import { registerControlAccess } from './control/access';
import { collectControlRoutes } from './control/openapi';
import { registerControlRoutes } from './control/routes';
import { ControlState } from './control/state';
import { handlers } from './handlers/index';
import { registerImageRoutes } from './images';
import { type MockOptions, resolveOptions } from './options';
import { registerProviderRoutes } from './providers/routes';
import { registerRoomControlRoutes } from './room/control';
import { RoomHub } from './room/hub';
import { registerRoomSocket } from './room/socket';
import { registerApiCors } from './security/cors';
import { registerCspReport } from './security/cspReport';
import { API_HEADERS, registerSecurityHeaders } from './security/headers';
import type { MockServices } from './services';
import { World } from './world/world';

/** The largest body any call takes (a batch of 20 requests, a JSON event); uploads are limited separately. */
const BODY_LIMIT = 256 * 1024;
/** Feedback videos go up to 50 MB (TESTDATA); the multipart limit stops anything larger mid-stream. */
const UPLOAD_LIMIT = 50 * 1024 * 1024;

function loggerOf(options: MockOptions): FastifyServerOptions['logger'] {
  if (!options.logger) return false;
  const serializers = {
    req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
  };
  if (options.logger === 'pretty') {
    return {
      serializers,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    };
  }
  return options.logStream === undefined ? { serializers } : { serializers, stream: options.logStream };
}

declare module 'fastify' {
  interface FastifyInstance {
    mock: MockServices;
  }
}

/** A built file named by its hash (Vite's `assets/name-hash.ext`), or its Brotli copy (`….ext.br`). */
const IMMUTABLE_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(?:\.br)?$/;

/**
 * Builds the mock server: every call of the contract registry, the provider simulators, the room websocket,
 * the control API and, when built, the web app. Never listens (see server.ts); tests use app.inject.
 */
export async function buildApp(partial: Partial<MockOptions> = {}): Promise<FastifyInstance> {
  const options = resolveOptions(partial);
  const app = Fastify({
    logger: loggerOf(options) ?? false,
    bodyLimit: BODY_LIMIT,
    // The request line and headers read at most (past it: 431), as the OpenAPI document states it.
    http: { maxHeaderSize: REQUEST_HEAD_MAX_BYTES },
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  });
  registerOriginFormOnly(app, API_HEADERS);
  registerJsonParser(app, BODY_LIMIT);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const world = new World(options);
  const services: MockServices = {
    world,
    rooms: new RoomHub(options),
    control: new ControlState(),
    options,
  };
  app.decorate('mock', services);
  registerSecurityHeaders(app, options.webRoot);
  registerApiCors(app, options.walletHosts, options.allowedOrigins);

  await app.register(formbody, { bodyLimit: BODY_LIMIT });

  const openApi = collectControlRoutes(app);
  registerContractRoutes(app, services, handlers, (contract) => contract.transport !== 'multipart');
  registerProviderRoutes(app, services);
  registerImageRoutes(app);
  registerChatHook(app, services);
  if (options.control) {
    registerControlAccess(app);
    registerControlRoutes(app, services);
    registerRoomControlRoutes(app, services);
    app.get('/__mock/openapi.json', async () => openApi());
  }
  if (options.webRoot && existsSync(join(options.webRoot, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: options.webRoot,
      // Files are looked up on disk at each request, not listed once at start: a web rebuild under a
      // running mock (new hashed chunks) is served as it is. A file that is not there falls to the
      // not-found handler below.
      wildcard: true,
      index: 'index.html',
      // The build names every file under assets/ by its content's hash: a phone keeps it until the name
      // changes. The pages themselves are asked for again each visit (max-age=0).
      cacheControl: false,
      // The build's Brotli copies (web/precompress.ts), to a browser that accepts them.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.setHeader(
          'Cache-Control',
          IMMUTABLE_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=0',
        );
      },
    });
  }

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)';
      return reply.code(400).send(
        fail(ServerCode.invalidParam, `${Message.invalidParam}: ${field}: ${first?.message ?? ''}`, {
          issues: error.validation.map((v) => ({
            path: v.instancePath.split('/').filter((p) => p !== ''),
            message: v.message ?? '',
          })),
        }),
      );
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return reply.code(429).send(fail(ServerCode.rateLimited, Message.rateLimited));
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send(fail(ServerCode.invalidParam, `${Message.invalidParam}: ${(error as Error).message}`));
    }
    request.log.error({ err: error }, 'unhandled error');
    // Internal details never leave the server, and the mock never answers a 5xx of its own.
    return reply.code(200).send(fail(ServerCode.internal, Message.internal));
  });

  await registerCspReport(app, services);
  // Registered after the error handler, which a child context takes as it is when loaded.
  // Only uploads take multipart: its hooks (a close listener and an async clean-up on every request) stay
  // in their own context instead of costing every other call.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: UPLOAD_LIMIT, files: 3, fields: 20, fieldSize: 8192 },
    });
    registerContractRoutes(uploads, services, handlers, (contract) => contract.transport === 'multipart');
  });

  // The room socket, alone with the websocket plugin: the plugin's onRequest and onResponse hooks (and the
  // response listeners an onResponse hook needs) would otherwise run on every request of every route.
  // Upgrades still go through the whole router; injectWS is forwarded for tests.
  let roomSocket: FastifyInstance | undefined;
  await app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: 64 * 1024 } });
    registerRoomSocket(scope, services);
    roomSocket = scope;
  });
  app.decorate('injectWS', (...args: Parameters<FastifyInstance['injectWS']>) => {
    if (roomSocket === undefined) throw new Error('the room socket is not registered yet');
    return roomSocket.injectWS(...args);
  });

  // A contract's path asked with another method (TRACE, DELETE, …): 405 with the methods it takes.
  const methodsOf = new Map<string, string[]>();
  for (const name of CALL_NAMES) {
    const { path, method } = registry[name];
    methodsOf.set(path, [...(methodsOf.get(path) ?? []), method, ...(method === 'GET' ? ['HEAD'] : [])]);
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = methodsOf.get(path);
    if (allowed !== undefined && !allowed.includes(request.method)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(fail(ServerCode.unknownCall, `${Message.unknownCall}: ${request.method} ${path}`));
    }
    const isApi = /^\/(api|third|__mock|__provider|ws)\//.test(path);
    const hasPages = options.webRoot !== undefined && existsSync(join(options.webRoot, 'index.html'));
    if (!isApi && isNavigation(path) && request.method === 'POST' && hasPages) {
      // A page's form submitted by the browser itself (JavaScript off, or the app's code failed): its body is
      // neither read back nor logged; the visitor is sent to the page again (a GET: nothing kept to resend).
      return reply
        .code(303)
        .header('location', `/${path.replace(/^\/+/, '')}`)
        .send();
    }
    if (!isApi && isNavigation(path) && request.method === 'GET' && options.webRoot && hasPages) {
      // Each route of the web app has the page its build rendered (/fines is fines/index.html); any other path
      // loads the index, whose app sends it on. A file that is missing (a script, a style) is a 404: a page
      // in its place would be refused as a module script of type text/html.
      return reply.type('text/html; charset=utf-8').sendFile(builtPageOf(options.webRoot, path));
    }
    return reply
      .code(404)
      .send(fail(ServerCode.unknownCall, `${Message.unknownCall}: ${request.method} ${path}`));
  });

  app.addHook('onClose', async () => {
    services.rooms.close();
  });
  return app;
}

/** A path the app's page answers: a route, not a build file (anything under /assets/, or named with an extension). */
function isNavigation(path: string): boolean {
  if (path === '/assets' || path.startsWith('/assets/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.') || last.toLowerCase().endsWith('.html');
}

/** The page a web build wrote for a route (web/src/prerender.tsx: `/Fines/` is fines/index.html), else the index. */
function builtPageOf(webRoot: string, path: string): string {
  const route = path.toLowerCase().replace(/(.)\/$/, '$1');
  const file = `${route.slice(1)}/index.html`;
  return /^\/[a-z0-9][a-z0-9.-]*$/.test(route) && existsSync(join(webRoot, file)) ? file : 'index.html';
}
