import { z } from 'zod/mini';
import { COMMON_CODES } from '../codes';
import { messageOf } from '../messages';
import type { CallContract } from '../registry/define';
import { type CallName, registry } from '../registry/index';

type JsonSchema = Record<string, unknown>;

/** JSON Schema of the wire form (codecs show what travels, not what the app decodes it to). */
function wireSchema(schema: z.ZodMiniType): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

function parametersOf(contract: CallContract): { parameters: JsonSchema[]; requestBody?: JsonSchema } {
  const schema = wireSchema(contract.request);
  const headers = (contract.headers ?? []).map((name) => ({
    name,
    in: 'header',
    required: false,
    schema: { type: 'string' },
  }));
  if (contract.transport === 'query' || contract.transport === 'jsonp') {
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
    if (variants) {
      // A union of query shapes (upload_token): one parameter object described by the union.
      return {
        parameters: [
          { name: 'params', in: 'query', style: 'form', explode: true, required: true, schema },
          ...headers,
        ],
      };
    }
    return {
      parameters: [
        ...Object.entries(props).map(([name, p]) => ({
          name,
          in: 'query',
          required: required.has(name),
          schema: p,
        })),
        ...headers,
      ],
    };
  }
  const mediaType = {
    json: 'application/json',
    form: 'application/x-www-form-urlencoded',
    multipart: 'multipart/form-data',
  }[contract.transport];
  return { parameters: headers, requestBody: { required: true, content: { [mediaType]: { schema } } } };
}

function responsesOf(contract: CallContract): JsonSchema {
  const codes = [...contract.codes, ...COMMON_CODES];
  const failure = {
    type: 'object',
    required: ['result', 'message'],
    properties: {
      result: {
        type: 'integer',
        enum: codes,
        description: codes.map((c) => `${c}: ${messageOf(c) ?? ''}`).join('\n'),
      },
      message: { type: 'string' },
      data: {},
    },
  };
  const success = {
    type: 'object',
    required: ['result', 'message', 'data'],
    properties: { result: { const: 0 }, message: { type: 'string' }, data: wireSchema(contract.data) },
  };
  const body = { oneOf: [success, failure] };
  const content =
    contract.transport === 'jsonp'
      ? {
          'application/javascript': { schema: { type: 'string', description: 'callback(envelope)' } },
          'application/json': { schema: body },
        }
      : { 'application/json': { schema: body } };
  return { '200': { description: 'An envelope: result 0 with data, or a non-zero result', content } };
}

/**
 * How a caller proves who it is: the session key (header, or the session_key parameter SPEC §7 names), and
 * for order calls the device or client that created the order.
 */
const securitySchemes: JsonSchema = {
  session: {
    type: 'apiKey',
    in: 'header',
    name: 'x-session-key',
    description: 'The session key of a signed-in user (also accepted as the session_key parameter).',
  },
  device: {
    type: 'apiKey',
    in: 'header',
    name: 'x-device-token',
    description:
      'The device id (h5_deviceid) the web app keeps. Not a credential: it identifies, and owns nothing.',
  },
  client: {
    type: 'apiKey',
    in: 'header',
    name: 'x-cli-id',
    description: 'The client uuid; owns the signed-out orders it created.',
  },
};

/** The security requirements of a call: alternatives, any one of which is enough ({} is anonymous). */
function securityOf(contract: CallContract): JsonSchema[] | undefined {
  if (contract.scope === 'order') return [{ session: [] }, { client: [] }, {}];
  if (contract.access === 'session') return [{ session: [] }];
  if (contract.access === 'session-optional' || contract.scope === 'requestId') return [{ session: [] }, {}];
  return undefined;
}

/** The OpenAPI 3.1 document of the registry, plus any extra paths (the mock's control API) a caller adds. */
export function buildOpenApi(
  extraPaths: Record<string, JsonSchema> = {},
  extraTags: JsonSchema[] = [],
  extraSecuritySchemes: JsonSchema = {},
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  for (const name of Object.keys(registry) as CallName[]) {
    const contract: CallContract = registry[name];
    tags.add(contract.tag);
    const operation: JsonSchema = {
      operationId: name,
      summary: contract.summary,
      tags: [contract.tag],
      ...parametersOf(contract),
      responses: responsesOf(contract),
      'x-transport': contract.transport,
      'x-access': contract.access,
      'x-read-only': contract.readOnly,
    };
    if (contract.projectChoice) operation.description = `Project's choice: ${contract.projectChoice}`;
    const security = securityOf(contract);
    if (security !== undefined) operation.security = security;
    paths[contract.path] ??= {};
    const byMethod = paths[contract.path] as Record<string, JsonSchema>;
    byMethod[contract.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Top-up backend API',
      version: '1.0.333',
      description:
        'Derived from the contract registry in contracts/. Every answer is an envelope { result, message, data }.',
    },
    servers: [{ url: 'http://127.0.0.1:8080' }],
    tags: [...[...tags].sort().map((name) => ({ name })), ...extraTags],
    paths: { ...paths, ...extraPaths },
    components: { securitySchemes: { ...securitySchemes, ...extraSecuritySchemes } },
  };
}
