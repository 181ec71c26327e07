// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the schema describes ${...} references
import { CALL_NAMES, type CallName } from '@topup/contracts';
import { z } from 'zod';
import { contractOf } from '../http/encode';
import { ScenarioSchema } from './schema';

/**
 * The JSON Schema of scenario files for editors (`topup scenario schema`): the scenario schema with each
 * call step's params typed from its contract, and the parameters each call cannot do without.
 */

/** The JSON Schema of scenario files, for editors (`topup scenario schema`). */
export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ScenarioSchema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  typeCallParams(schema);
  return {
    ...schema,
    $id: 'https://topup.example/scenario.schema.json',
    title: 'topup scenario (version 1)',
  };
}

const REFERENCE = {
  type: 'string',
  pattern: '^.*\\$\\{[^}]+\\}.*$',
  description: 'a ${...} reference, resolved when the step runs',
};

/** Each property may also be a `${...}` reference (nested objects too). */
function allowReferences(node: unknown): unknown {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const schema = { ...(node as Record<string, unknown>) };
  if (schema.properties !== null && typeof schema.properties === 'object') {
    schema.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, unknown>).map(([key, value]) => [
        key,
        { anyOf: [allowReferences(value), REFERENCE] },
      ]),
    );
  }
  if (schema.items !== undefined) schema.items = { anyOf: [allowReferences(schema.items), REFERENCE] };
  delete schema.$schema;
  return schema;
}

const requiredCache = new Map<CallName, string[]>();

/** The parameters a call's request cannot do without (its app-side value's required keys). */
export function requiredParams(call: CallName): string[] {
  const cached = requiredCache.get(call);
  if (cached !== undefined) return cached;
  // Required in the app's value, and not filled by a default on the way in (the input is the wire form).
  const json = (io: 'input' | 'output') =>
    z.toJSONSchema(contractOf(call).request as z.ZodType, { io, unrepresentable: 'any' }) as {
      required?: unknown;
      properties?: Record<string, unknown>;
    };
  const names = (v: unknown) => (Array.isArray(v) ? v.filter((r): r is string => typeof r === 'string') : []);
  const output = json('output');
  const input = json('input');
  const inputRequired = new Set(names(input.required));
  const required = names(output.required).filter(
    (name) => inputRequired.has(name) || !Object.hasOwn(input.properties ?? {}, name),
  );
  requiredCache.set(call, required);
  return required;
}

let paramSchemas: Record<string, unknown> | undefined;

/** The app-side value of each call's request, as JSON Schema (what scenarios write under params). */
function callParamSchemas(): Record<string, unknown> {
  if (paramSchemas !== undefined) return paramSchemas;
  const out: Record<string, unknown> = {};
  for (const name of CALL_NAMES) {
    const json = z.toJSONSchema(contractOf(name).request as z.ZodType, {
      io: 'output',
      unrepresentable: 'any',
      target: 'draft-2020-12',
    });
    out[name] = { ...(allowReferences(json) as Record<string, unknown>), required: requiredParams(name) };
  }
  paramSchemas = out;
  return out;
}

/**
 * Types `params` by the step's `call` (for call and poll steps), so an editor completes and checks them:
 * one `if call is X then params is X's request` per call.
 */
function typeCallParams(root: Record<string, unknown>): void {
  const schemas = callParamSchemas();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const properties = record.properties as Record<string, { enum?: unknown }> | undefined;
    if (
      properties?.call !== undefined &&
      properties.params !== undefined &&
      Array.isArray(properties.call.enum)
    ) {
      // JSON Schema's if/then, written as entries: a literal `then` key reads as a thenable to linters.
      record.allOf = CALL_NAMES.map((name) =>
        Object.fromEntries([
          ['if', { properties: { call: { const: name } }, required: ['call'] }],
          ['then', { properties: { params: { $ref: `#/$defs/params.${name}` } } }],
        ]),
      );
    }
    for (const value of Object.values(record)) visit(value);
  };
  visit(root);
  const defs = (root.$defs ?? {}) as Record<string, unknown>;
  for (const name of CALL_NAMES) defs[`params.${name}`] = schemas[name];
  root.$defs = defs;
}
