import type { CallName } from '@topup/contracts';
import { wireStrings } from '@topup/contracts/registry/call';
import { QUERY_MAX_BYTES } from '@topup/contracts/requestSize';
import fc from 'fast-check';
import type { z } from 'zod/mini';
import { contractOf, tryEncodeParams, type WireParams } from '../http/encode';
import { appValue, defOf, hostileText, limitsOf, requestFields, wireLeaves } from './arbitraries';

/** How an invalid request was made from a valid one. */
export type MutationKind =
  | 'missing'
  | 'wrong-type'
  | 'oversize'
  | 'out-of-range'
  | 'hostile-unicode'
  | 'bidi-wrapped'
  | 'extra-field';

export interface Mutation {
  readonly field: string;
  readonly how: MutationKind;
}

/** One generated request: the wire parameters and, for a mutated one, which field was broken and how. */
export interface FuzzRequest {
  readonly wire: WireParams;
  readonly mutation?: Mutation;
}

/**
 * What the server receives: query, form and JSONP parameters travel as strings (objects as JSON), exactly
 * as the CLI's client sends them, so a request is judged valid or not in the form the server parses.
 */
export function asTransported(call: CallName, wire: WireParams): WireParams {
  const transport = contractOf(call).transport;
  return transport === 'json' || transport === 'multipart' ? wire : Object.fromEntries(wireStrings(wire));
}

/** The longest query string a request may carry (the contracts' limit, which the OpenAPI document states). */
export const MAX_QUERY = QUERY_MAX_BYTES;

/** Whether the call's own request schema accepts this request as the server receives it. */
export function isValidRequest(call: CallName, wire: WireParams): boolean {
  // A JSON body with a `__proto__` key is prototype poisoning: a server is right to refuse it outright.
  const transport = contractOf(call).transport;
  if (transport === 'json' && Object.hasOwn(wire, '__proto__')) return false;
  // A query past what the server takes in its request head cannot be carried (contracts/requestSize.ts).
  if (
    (transport === 'query' || transport === 'jsonp') &&
    new URLSearchParams(asTransported(call, wire) as Record<string, string>).toString().length > MAX_QUERY
  )
    return false;
  return (contractOf(call).request as z.ZodMiniType).safeParse(asTransported(call, wire)).success;
}

/**
 * Valid requests across the request schema's space (app values generated from the schema, encoded with the
 * contract's own codecs); `example` (the contract check's plan, resolved with fixtures) is mixed in field
 * by field so some requests reach the success paths that need a real account or order.
 */
export function validRequests(call: CallName, example?: Record<string, unknown>): fc.Arbitrary<WireParams> {
  const schema = contractOf(call).request as z.core.$ZodType;
  const def = defOf(schema);
  let app: fc.Arbitrary<unknown>;
  if (def.type === 'object') {
    const shape = def.shape as Record<string, z.core.$ZodType>;
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, field] of Object.entries(shape)) {
      const generated = appValue(field, 1);
      model[key] =
        example !== undefined && example[key] !== undefined
          ? fc.oneof({ weight: 2, arbitrary: fc.constant(example[key]) }, { weight: 3, arbitrary: generated })
          : generated;
    }
    const fields = requestFields(schema);
    app = fc.record(model, { requiredKeys: fields.filter((f) => f.required).map((f) => f.name) });
  } else {
    app = example === undefined ? appValue(schema) : fc.oneof(fc.constant(example), appValue(schema));
  }
  return app
    .map((value) => {
      if (value === null || typeof value !== 'object') return undefined;
      const encoded = tryEncodeParams(call, value as Record<string, unknown>);
      return encoded.ok ? encoded.wire : undefined;
    })
    .filter((wire): wire is WireParams => wire !== undefined && isValidRequest(call, wire));
}

const WRONG_TYPES: readonly unknown[] = [[], {}, true, 12345, -1.5, [1, 2]];
const OUT_OF_RANGE: readonly string[] = [
  '-1',
  '0',
  '99999999999999999999',
  '1.5',
  '١٢٣', // Arabic-Indic digits
  '1e3',
  ' 7',
  '0x10',
  'NaN',
  '',
];
const EXTRA_NAMES = ['__proto__', 'constructor', 'unexpected_field'] as const;

type Change =
  | { how: 'missing' }
  | { how: 'wrong-type'; value: unknown }
  | { how: 'oversize'; extra: number }
  | { how: 'out-of-range'; value: string }
  | { how: 'hostile-unicode'; value: string }
  | { how: 'bidi-wrapped' }
  | { how: 'extra-field'; name: string; value: string };

const changes: fc.Arbitrary<Change> = fc.oneof(
  fc.constant({ how: 'missing' as const }),
  fc.constantFrom(...WRONG_TYPES).map((value) => ({ how: 'wrong-type' as const, value })),
  fc.integer({ min: 1, max: 64 }).map((extra) => ({ how: 'oversize' as const, extra })),
  fc.constantFrom(...OUT_OF_RANGE).map((value) => ({ how: 'out-of-range' as const, value })),
  hostileText().map((value) => ({ how: 'hostile-unicode' as const, value })),
  fc.constant({ how: 'bidi-wrapped' as const }),
  fc
    .tuple(fc.constantFrom(...EXTRA_NAMES), hostileText())
    .map(([name, value]) => ({ how: 'extra-field' as const, name, value })),
);

/** The longest string a wire field takes (unbounded text gets a length no form field should need). */
function maxLengthOf(field: z.core.$ZodType | undefined): number {
  const lengths = (field === undefined ? [] : wireLeaves(field))
    .map((leaf) => limitsOf(leaf).maxLength ?? limitsOf(leaf).exactLength)
    .filter((n): n is number => n !== undefined);
  return lengths.length === 0 ? UNBOUNDED_TEXT : Math.max(...lengths);
}

/** The length an oversize value of a field with no length limit of its own (an integer) is given. */
const UNBOUNDED_TEXT = 1024;

/**
 * A value one past the field's length limit, in Arabic letters (two UTF-8 bytes, six once percent-encoded)
 * unless that would take a query past what a server takes in a URL (MAX_QUERY): then in ASCII, so the
 * request tests the field's limit and not the server's header limit.
 */
function oversizeValue(call: CallName, wire: WireParams, field: string, length: number): string {
  const arabic = 'ش'.repeat(length);
  const transport = contractOf(call).transport;
  if (transport !== 'query' && transport !== 'jsonp') return arabic;
  const query = (value: string) =>
    new URLSearchParams(
      asTransported(call, { ...wire, [field]: value }) as Record<string, string>,
    ).toString();
  return query(arabic).length <= MAX_QUERY ? arabic : 'a'.repeat(length);
}

function setField(wire: WireParams, name: string, value: unknown): WireParams {
  const out: Record<string, unknown> = { ...wire };
  // defineProperty, so a `__proto__` field is a field and not the object's prototype.
  Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

function applyChange(
  call: CallName,
  wire: WireParams,
  field: string,
  schema: z.core.$ZodType | undefined,
  change: Change,
): FuzzRequest {
  switch (change.how) {
    case 'missing': {
      const { [field]: _dropped, ...rest } = wire;
      return { wire: rest, mutation: { field, how: 'missing' } };
    }
    case 'oversize':
      return {
        wire: setField(wire, field, oversizeValue(call, wire, field, maxLengthOf(schema) + change.extra)),
        mutation: { field, how: 'oversize' },
      };
    case 'bidi-wrapped':
      return {
        wire: setField(wire, field, `\u202E${String(wire[field] ?? '')}\u202C`),
        mutation: { field, how: 'bidi-wrapped' },
      };
    case 'extra-field':
      return {
        wire: setField(wire, change.name, change.value),
        mutation: { field: change.name, how: 'extra-field' },
      };
    default:
      return { wire: setField(wire, field, change.value), mutation: { field, how: change.how } };
  }
}

/**
 * Requests made invalid one field at a time: dropped, of the wrong type, past the field's own length
 * limit, out of range, hostile Unicode (bidi overrides, NUL, lone surrogates), or an unexpected extra field.
 * Whether the result is in fact invalid is for the contract to say (`isValidRequest`), not the mutation.
 */
export function mutatedRequests(call: CallName, valid: fc.Arbitrary<WireParams>): fc.Arbitrary<FuzzRequest> {
  const fields = requestFields(contractOf(call).request as z.core.$ZodType);
  const names = fields.map((f) => f.name);
  const field = names.length === 0 ? fc.constant('unexpected_field') : fc.constantFrom(...names);
  return fc
    .record({ wire: valid, field, change: changes })
    .map(({ wire, field: name, change }) =>
      applyChange(call, wire, name, fields.find((f) => f.name === name)?.field, change),
    );
}

/** Valid and mutated requests, half and half. */
export function fuzzRequests(call: CallName, example?: Record<string, unknown>): fc.Arbitrary<FuzzRequest> {
  const valid = validRequests(call, example);
  return fc.oneof(
    valid.map((wire): FuzzRequest => ({ wire })),
    mutatedRequests(call, valid),
  );
}
