import { type CallName, registry } from '@topup/contracts';
import {
  AdyenEncryptedCardSchema,
  AdyenEncryptedCvcSchema,
  AdyenErrorSchema,
  AdyenThreeDsResultSchema,
  CheckoutCvvTokenSchema,
  CheckoutErrorSchema,
  CheckoutTokenSchema,
  SIMULATOR_PATHS,
  SimulatorPath,
} from '@topup/contracts/simulators';
import { z } from 'zod';
import { didYouMean } from './didYouMean';
import { isRecord } from './issues';
import { parsePath } from './references';
import type { SimulatorStep, TokenizeCardStep } from './schema';

/**
 * The JSON Schema of what each step kind answers, as the runner reads it (`data`), so the validator can hold
 * an expectation to what the answer can be: a call's data (the contracts), a tokeniser's token or error
 * (contracts/simulators.ts), a simulator page ({ status, location, params, attrs }, simulators.ts in this
 * folder), a room's counters. Undefined where nothing says (the control API, a room's status table).
 */
export type JsonSchema = Record<string, unknown>;

/** An answer schema and how messages name it ("createCoinPay's answer data"). */
export interface AnswerSchema {
  readonly schema: JsonSchema;
  readonly name: string;
}

const cache = new Map<unknown, JsonSchema>();

/** A zod (or zod/mini) schema's JSON Schema, output side, kept per schema. */
function jsonOf(schema: unknown): JsonSchema {
  let json = cache.get(schema);
  if (json === undefined) {
    json = z.toJSONSchema(schema as z.core.$ZodType, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
    cache.set(schema, json);
  }
  return json;
}

/** The JSON Schema of a call's answer data, as the contracts give it (output form). */
export function callAnswerSchema(call: CallName): AnswerSchema {
  return { schema: jsonOf(registry[call].data), name: `${call}'s answer data` };
}

const closed = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const texts: JsonSchema = { type: 'object', additionalProperties: { type: 'string' } };

/** What a simulator page or redirect reads as (simulators.ts `sendPage`). */
const PAGE: JsonSchema = closed({
  status: { type: 'integer' },
  location: { type: 'string' },
  params: texts,
  attrs: texts,
});

/** Simulator paths that answer JSON to a POST (the tokenisers and the 3DS fingerprint); the others are pages. */
const JSON_ANSWERS: Partial<Record<string, unknown>> = {
  [SimulatorPath.checkoutTokens]: CheckoutTokenSchema,
  [SimulatorPath.checkoutCvv]: CheckoutCvvTokenSchema,
  [SimulatorPath.adyenEncrypt]: AdyenEncryptedCardSchema,
  [SimulatorPath.adyenEncryptCvc]: AdyenEncryptedCvcSchema,
  [SimulatorPath.adyenFingerprint]: AdyenThreeDsResultSchema,
};

/** Simulator paths with a page to GET (the others take only POST). */
const PAGES: readonly string[] = [
  SimulatorPath.adyenChallenge,
  SimulatorPath.adyenIssuer,
  SimulatorPath.checkoutThreeDs,
  SimulatorPath.hostedPay,
];

/** Problems with a simulator step's request itself: a path the mock has no simulator at, a wrong method. */
export function simulatorRequestProblem(step: SimulatorStep['simulator']): string | undefined {
  const path = step.path.split('?')[0] ?? '';
  if (step.path.includes('${')) return undefined;
  if (!(SIMULATOR_PATHS as readonly string[]).includes(path))
    return `path: no simulator at ${path}${didYouMean(path, SIMULATOR_PATHS)}; simulators: ${SIMULATOR_PATHS.join(', ')}`;
  if (step.method === 'GET' && !PAGES.includes(path))
    return `method: ${path} takes only POST; GET has a page at ${PAGES.join(', ')}`;
  return undefined;
}

/** A simulator step's answer: the simulator's JSON, its error body (422), or the page it shows. */
export function simulatorAnswerSchema(step: SimulatorStep): AnswerSchema | undefined {
  const path = step.simulator.path.split('?')[0] ?? '';
  if (simulatorRequestProblem(step.simulator) !== undefined || step.simulator.path.includes('${'))
    return undefined;
  const json = step.simulator.method === 'POST' ? JSON_ANSWERS[path] : undefined;
  const refused = step.expect?.result !== undefined && step.expect.result !== 0;
  if (json === undefined) return { schema: PAGE, name: `the ${path} page's answer` };
  if (refused) return undefined;
  return { schema: jsonOf(json), name: `${path}'s answer` };
}

/** A tokenizeCard step's answer: the token (for 17 with the order's platform_data added), or the 422 error. */
export function tokenizeAnswerSchema(step: TokenizeCardStep): AnswerSchema {
  const { provider, number } = step.tokenizeCard;
  const refused = step.expect?.result !== undefined && step.expect.result !== 0;
  const name = `tokenizeCard (provider ${provider})'s answer`;
  if (refused) return { schema: jsonOf(provider === 13 ? CheckoutErrorSchema : AdyenErrorSchema), name };
  if (provider === 13)
    return { schema: jsonOf(number === undefined ? CheckoutCvvTokenSchema : CheckoutTokenSchema), name };
  const token = jsonOf(number === undefined ? AdyenEncryptedCvcSchema : AdyenEncryptedCardSchema);
  const properties = isRecord(token.properties) ? token.properties : {};
  // The runner adds the order's platform_data: the encrypted fields as the card component's paymentMethod.
  const platformData = closed({ paymentMethod: { type: 'object' } }, ['paymentMethod']);
  return { schema: { ...token, properties: { ...properties, platform_data: platformData } }, name };
}

/** The room step's counters, all whole numbers; `sn` may also be `+N`, a frame after the scenario's start. */
export const ROOM_COUNTER: JsonSchema = { type: 'integer' };

/**
 * The schemas a path of an expectation can reach in an answer, or why it can reach nothing (a field the
 * answer cannot have). `undefined` schemas: the answer's schema does not say (an open mapping, any value).
 */
export function schemasAt(
  answer: AnswerSchema,
  start: readonly JsonSchema[],
  path: string,
): { schemas?: JsonSchema[]; problem?: string } {
  let parts: string[];
  try {
    parts = parsePath(path);
  } catch (error) {
    return { problem: `not a path: ${(error as Error).message}` };
  }
  if (path.includes('${')) return {};
  const defs = isRecord(answer.schema.$defs) ? answer.schema.$defs : {};
  let current: JsonSchema[] = [...start];
  for (const [i, part] of parts.entries()) {
    const next: JsonSchema[] = [];
    const fields: string[] = [];
    for (const candidate of current) {
      const schemas = expand(candidate, defs);
      if (schemas === undefined) return {};
      for (const schema of schemas) {
        const type = schema.type;
        if (type === 'array' || schema.items !== undefined) {
          if (/^\d+$/.test(part)) next.push(isRecord(schema.items) ? schema.items : {});
          else if (part === 'length') next.push({ type: 'integer' });
        } else if (type === 'string') {
          if (part === 'length') next.push({ type: 'integer' });
        } else if (isRecord(schema.properties) && schema.additionalProperties === false) {
          fields.push(...Object.keys(schema.properties));
          const field = schema.properties[part];
          if (isRecord(field)) next.push(field);
        } else if (isRecord(schema.additionalProperties)) next.push(schema.additionalProperties);
        else if (type === 'object' || type === undefined) return {};
        // null, numbers and booleans have no fields: this branch adds nothing.
      }
    }
    if (next.length === 0) {
      const at =
        i === 0 ? answer.name : `${answer.name.replace(/'s answer.*$/, '')}'s ${parts.slice(0, i).join('.')}`;
      const known = [...new Set(fields)];
      return {
        problem:
          known.length === 0
            ? `${at} has nothing at '${part}'`
            : `${at} has no field '${part}'${didYouMean(part, known)}; expected one of ${known.join(', ')}`,
      };
    }
    current = next;
  }
  return { schemas: current };
}

/** A schema's alternatives, `$ref`s followed; undefined when one cannot be read. */
export function expand(schema: unknown, defs: Record<string, unknown>, depth = 0): JsonSchema[] | undefined {
  if (!isRecord(schema) || depth > 20) return undefined;
  if (typeof schema.$ref === 'string') {
    const name = /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1];
    return name === undefined ? undefined : expand(defs[name], defs, depth + 1);
  }
  const branches = [schema.anyOf, schema.oneOf, schema.allOf].find(Array.isArray) as unknown[] | undefined;
  if (branches === undefined) return [schema];
  const out: JsonSchema[] = [];
  for (const branch of branches) {
    const expanded = expand(branch, defs, depth + 1);
    if (expanded === undefined) return undefined;
    out.push(...expanded);
  }
  return out;
}
