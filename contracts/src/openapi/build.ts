import { z } from 'zod/mini';
import { COMMON_CODES, ServerCode } from '../codes';
import { messageOf } from '../messages';
import { partQuery } from '../registry/call';
import type { CallContract } from '../registry/define';
import { type CallName, registry } from '../registry/index';
import { QUERY_MAX_BYTES, REQUEST_HEAD_MAX_BYTES } from '../requestSize';
import { WIRE_INT_MAX, WIRE_NUMBER_PATTERN, wireForms } from '../wire';
import { type JsonSchema, securityOf, securitySchemes } from './security';

/** Replaces a generated node's JSON Schema in place (zod's override hook mutates what it is given). */
function replace(target: JsonSchema, by: JsonSchema) {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, by);
}

/** The decoded value's schema (its enums and bounds), with integers kept to what the wire's digits carry. */
function decodedOf(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  const clamp = (node: JsonSchema) => {
    if (node.type !== 'integer') return node;
    const max = typeof node.maximum === 'number' ? node.maximum : WIRE_INT_MAX;
    const bounded = { ...node, maximum: Math.min(max, WIRE_INT_MAX) };
    if (typeof node.exclusiveMinimum === 'number') return bounded;
    const min = typeof node.minimum === 'number' ? node.minimum : -WIRE_INT_MAX;
    return { ...bounded, minimum: Math.max(min, -WIRE_INT_MAX) };
  };
  const variants = rest.anyOf as JsonSchema[] | undefined;
  // A union of literals (source 1 or 4, the pay types) is one enum, as OpenAPI tools read best.
  if (variants?.every((v) => 'const' in v)) {
    const values = variants.map((v) => v.const);
    return { type: values.every(Number.isInteger) ? 'integer' : typeof values[0], enum: values };
  }
  return clamp(rest);
}

/**
 * A refining pipe (`z.pipe(text, nonEmptyText)`) accepts what both sides accept: for two schemas of one type,
 * each bound at its stricter value (a pattern or enum of the second side is kept when the first has none).
 */
function stricter(first: JsonSchema, second: JsonSchema): JsonSchema {
  if (first.type === undefined || first.type !== second.type) return first;
  const out: JsonSchema = { ...second, ...first };
  for (const key of ['minLength', 'minimum', 'exclusiveMinimum', 'minItems']) {
    const values = [first[key], second[key]].filter((v): v is number => typeof v === 'number');
    if (values.length > 0) out[key] = Math.max(...values);
  }
  for (const key of ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems']) {
    const values = [first[key], second[key]].filter((v): v is number => typeof v === 'number');
    if (values.length > 0) out[key] = Math.min(...values);
  }
  return out;
}

/**
 * The JSON Schema of a request's wire form (`io: 'input'`), where each codec (wire.ts) is described by what
 * the server accepts after decoding: an integer parameter carries the decoded enums and bounds, a JSON string
 * carries its length limit and the JSON value's schema (contentMediaType, contentSchema).
 */
function wireSchema(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: (ctx) => {
      const node = ctx.zodSchema;
      const form = wireForms.get(node);
      // A pipe's sides through its public def (the registry's schemas are zod/mini's).
      const pipe = node instanceof z.ZodMiniPipe ? node.def : undefined;
      if (form?.form === 'int') replace(ctx.jsonSchema, decodedOf(z.int()));
      else if (form?.form === 'json' && pipe !== undefined)
        replace(ctx.jsonSchema, {
          type: 'string',
          maxLength: form.maxLength,
          contentMediaType: 'application/json',
          contentSchema: decodedOf(pipe.out),
        });
      else if (form?.form === 'number' && pipe !== undefined)
        // Digits with at most 6 decimals: a JSON number's own text (1e-7) is not always what the wire takes.
        replace(ctx.jsonSchema, { type: 'string', pattern: WIRE_NUMBER_PATTERN.source });
      else if (pipe !== undefined && wireForms.get(pipe.in)?.form === 'int')
        replace(ctx.jsonSchema, decodedOf(pipe.out));
      else if (pipe !== undefined && !('transform' in pipe))
        replace(ctx.jsonSchema, stricter(ctx.jsonSchema, decodedOf(pipe.out)));
    },
  });
  return rest;
}

/**
 * Query values travel as text: integers are serialised as digits (their bounds and allowed values shown), a
 * JSON value is a parameter with JSON content. Text is bounded by the query's own limit, so no parameter the
 * document allows overflows the server's header limit.
 */
export const QUERY_VALUE_MAX = 4000;

function queryParameter(name: string, wire: JsonSchema, required: boolean) {
  const base = { name, in: 'query', required };
  if (wire.contentMediaType === 'application/json') {
    const max = Math.min(Number(wire.maxLength), QUERY_VALUE_MAX);
    return {
      ...base,
      description: `A JSON value, at most ${max} characters once serialised`,
      'x-max-length': max,
      content: { 'application/json': { schema: wire.contentSchema } },
    };
  }
  if (wire.type === 'string') {
    const max =
      typeof wire.maxLength === 'number' ? Math.min(wire.maxLength, QUERY_VALUE_MAX) : QUERY_VALUE_MAX;
    return { ...base, schema: { ...wire, maxLength: max } };
  }
  return { ...base, schema: wire };
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
        ...Object.entries(props).map(([name, p]) => queryParameter(name, p, required.has(name))),
        ...headers,
      ],
    };
  }
  const mediaType = {
    json: 'application/json',
    form: 'application/x-www-form-urlencoded',
    multipart: 'multipart/form-data',
  }[contract.transport];
  const { query, body } = partQuery(contract, (schema.properties ?? {}) as Record<string, JsonSchema>);
  const required = (schema.required ?? []) as string[];
  const queried = Object.entries(query).map(([name, p]) => queryParameter(name, p, required.includes(name)));
  if (queried.length === 0)
    return { parameters: headers, requestBody: { required: true, content: { [mediaType]: { schema } } } };
  // Some fields travel in the query (config's channel and pure): the body describes the rest, if any.
  if (Object.keys(body).length === 0) return { parameters: [...queried, ...headers] };
  const rest = { ...schema, properties: body, required: required.filter((name) => name in body) };
  return {
    parameters: [...queried, ...headers],
    requestBody: { required: true, content: { [mediaType]: { schema: rest } } },
  };
}

/**
 * What a refusal for the request's shape carries (result 10001, with status 200 from the call's schema or 400
 * from the route's): each issue's field path and message. A business refusal with the same result (no such
 * package) has no `issues`, which is how a caller tells the two apart.
 */
const SHAPE_ISSUES: JsonSchema = {
  type: 'object',
  required: ['issues'],
  properties: {
    issues: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'array', items: { type: 'string' } }, message: { type: 'string' } },
      },
    },
  },
};

function responsesOf(contract: CallContract): JsonSchema {
  const codes = [...new Set([...contract.codes, ...COMMON_CODES])];
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
      data: { description: 'Any value; a refusal of the request’s shape (10001) carries { issues }' },
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
  const refusal = (code: number, why: string, data: JsonSchema = { type: 'null' }) => ({
    description: why,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['result', 'message'],
          properties: { result: { const: code }, message: { type: 'string' }, data },
        },
      },
    },
  });
  const invalid = ServerCode.invalidParam;
  const bodies =
    contract.transport === 'query' || contract.transport === 'jsonp'
      ? {}
      : {
          '413': refusal(invalid, 'The body is over the size limit'),
          '415': refusal(invalid, 'The body is not of the media type the call takes'),
        };
  return {
    '200': { description: 'An envelope: result 0 with data, or a non-zero result', content },
    '400': refusal(
      invalid,
      'The request does not decode or breaks the call’s schema (the field is named; data.issues lists each)',
      { anyOf: [{ type: 'null' }, SHAPE_ISSUES] },
    ),
    '405': refusal(ServerCode.unknownCall, 'The path is asked with a method it does not take (see Allow)'),
    '408': refusal(invalid, 'The request did not arrive in time'),
    ...bodies,
    '429': refusal(ServerCode.rateLimited, 'Too many requests: slow down'),
    '431': refusal(
      invalid,
      `The request line and headers (the query with them) are over ${REQUEST_HEAD_MAX_BYTES} bytes`,
    ),
  };
}

/** What each query operation says of its whole query string (also `x-max-query-bytes`, for tools). */
const QUERY_LIMIT_NOTE = `The parameters travel in the query string, which as sent (form-encoded, UTF-8 percent-escaped) is at most ${QUERY_MAX_BYTES} bytes in all (x-max-query-bytes), whatever each parameter's own limit: the server reads at most ${REQUEST_HEAD_MAX_BYTES} bytes of the request line and headers and answers a larger head with 431.`;

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
    const inQuery = contract.transport === 'query' || contract.transport === 'jsonp';
    const operation: JsonSchema = {
      operationId: name,
      summary: contract.summary,
      tags: [contract.tag],
      ...parametersOf(contract),
      responses: responsesOf(contract),
      'x-transport': contract.transport,
      'x-access': contract.access,
      'x-read-only': contract.readOnly,
      ...(inQuery ? { 'x-max-query-bytes': QUERY_MAX_BYTES } : {}),
    };
    const description = contract.projectChoice
      ? `${contract.summary}.\n\nProject's choice: ${contract.projectChoice}`
      : `${contract.summary}.`;
    operation.description = inQuery ? `${description}\n\n${QUERY_LIMIT_NOTE}` : description;
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
      contact: { name: 'The top-up project (contracts/ in its repository)' },
      description: `Derived from the contract registry in contracts/. Every answer is an envelope { result, message, data }. A GET call's whole query string is at most ${QUERY_MAX_BYTES} bytes as sent (the operation's x-max-query-bytes), and the request line with the headers at most ${REQUEST_HEAD_MAX_BYTES} bytes: past either the server may answer 431.`,
    },
    servers: [{ url: 'http://127.0.0.1:8080' }],
    tags: [...[...tags].sort().map((name) => ({ name })), ...extraTags],
    paths: { ...paths, ...extraPaths },
    components: { securitySchemes: { ...securitySchemes, ...extraSecuritySchemes } },
  };
}
