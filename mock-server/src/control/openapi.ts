import { buildOpenApi } from '@topup/contracts/openapi/build';
import type { JsonSchema } from '@topup/contracts/openapi/security';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { CONTROL_HEADER } from './access';

function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

/** A unique operation id from the method and the path: POST /__mock/faults/:id → mockPostFaultsId. */
function operationIdOf(method: string, url: string): string {
  const words = [method, ...url.replace(/^\/__mock\//, '').split(/[^A-Za-z0-9]+/)].filter((w) => w !== '');
  return `mock${words.map((w) => w[0]?.toUpperCase() + w.slice(1).toLowerCase()).join('')}`;
}

/**
 * Collects the control routes as Fastify registers them, so the OpenAPI document describes exactly the
 * routes that exist (with their zod schemas), tagged `control`, beside the registry's calls.
 */
export function collectControlRoutes(app: FastifyInstance): () => JsonSchema {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/__mock/') && route.method !== 'HEAD') routes.push(route);
  });
  return () => {
    const paths: Record<string, Record<string, JsonSchema>> = {};
    for (const route of routes) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown };
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      for (const method of methods) {
        const body = jsonSchemaOf(schema.body);
        const query = jsonSchemaOf(schema.querystring);
        const pathParams = [...route.url.matchAll(/:(\w+)/g)].map((m) => ({
          name: m[1],
          in: 'path',
          required: true,
          schema: { type: 'string' },
        }));
        const queryParams = Object.entries((query?.properties ?? {}) as Record<string, JsonSchema>).map(
          ([name, s]) => ({
            name,
            in: 'query',
            required: ((query?.required ?? []) as string[]).includes(name),
            schema: s,
          }),
        );
        paths[path] ??= {};
        (paths[path] as Record<string, JsonSchema>)[String(method).toLowerCase()] = {
          operationId: operationIdOf(String(method), route.url),
          tags: ['control'],
          summary: `Mock control: ${method} ${route.url}`,
          description: `The mock's control API: ${method} ${route.url} (not part of the backend's API).`,
          parameters: [...pathParams, ...queryParams],
          security: [{ control: [] }],
          ...(body
            ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } }
            : {}),
          responses: { '200': { description: 'An envelope { result: 0, message, data }' } },
        };
      }
    }
    return buildOpenApi(
      paths,
      [{ name: 'control', description: 'The mock server control API (off with --no-control)' }],
      {
        control: {
          type: 'apiKey',
          in: 'header',
          name: CONTROL_HEADER,
          description:
            'Every control request sends this header with the value 1 and a JSON body; preflights are refused and Host must name the server.',
        },
      },
    );
  };
}
