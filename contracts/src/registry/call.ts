import { COMMON_CODES } from '../codes';

/** How a call's parameters travel (SPEC §7). */
export type Transport = 'query' | 'json' | 'form' | 'multipart' | 'jsonp';
export type HttpMethod = 'GET' | 'POST';

/** Who may make a call: anyone, anyone with an optional session, or only with a valid session key. */
export type Access = 'public' | 'session-optional' | 'session';

/** One problem of a checked value, as zod reports it. */
export interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export type Checked<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly issues: readonly Issue[] };

/** Issues as one line: `path: message; …` (`(body)` for the value itself). */
export function describeIssues(issues: readonly Issue[]): string {
  return issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}

/**
 * What the web client needs of a call: where and how it travels, and its schemas' two operations, which
 * `defineCall` derives from the call's zod schemas.
 */
export interface ClientCall {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  readonly transport: Transport;
  /** Non-zero results this call may answer, beyond COMMON_CODES. */
  readonly codes: readonly number[];
  readonly access: Access;
  /** Headers the call reads beyond the common ones (SPEC §7: X-CLI-RID on order creation). */
  readonly headers?: readonly string[];
  /** Request fields a POST sends in the URL's query rather than its body (SPEC §7: config's channel, pure). */
  readonly query?: readonly string[];
  /** The request's wire form (zod's `encode`); throws when the parameters are outside the contract. */
  readonly encode: (params: unknown) => unknown;
  /** The `data` of a success checked and converted (zod's `safeParse`). */
  readonly parse: (data: unknown) => Checked<unknown>;
}

/**
 * A POST's wire parameters parted into those its contract sends in the URL's query (`query`) and those its body
 * carries; a GET's all travel in the query anyway.
 */
export function partQuery<T>(
  contract: Pick<ClientCall, 'query'>,
  wire: Readonly<Record<string, T>>,
): { readonly query: Record<string, T>; readonly body: Record<string, T> } {
  const entries = Object.entries(wire);
  const inQuery = ([key]: [string, T]) => contract.query?.includes(key) === true;
  // fromEntries defines each key as the object's own, `__proto__` included (a fuzzed field stays a field).
  return {
    query: Object.fromEntries(entries.filter(inQuery)),
    body: Object.fromEntries(entries.filter((entry) => !inQuery(entry))),
  };
}

/** Wire values as a URL query, a form or a multipart field carries them: objects as JSON, absent ones left out. */
export function wireStrings(wire: Readonly<Record<string, unknown>>): [string, string][] {
  return Object.entries(wire).flatMap(([name, value]): [string, string][] =>
    value === undefined || value === null
      ? []
      : [[name, typeof value === 'object' ? JSON.stringify(value) : String(value)]],
  );
}

/** A request's body as its call's transport carries it; multipart fields stay values (a file is the client's). */
export type WireBody =
  | { readonly kind: 'json'; readonly text: string }
  | { readonly kind: 'form'; readonly fields: [string, string][] }
  | { readonly kind: 'multipart'; readonly fields: Record<string, unknown> };

/**
 * How a call's wire parameters travel (SPEC §7): a query or JSONP call's all in the URL's query; a body
 * call's in its JSON, form or multipart body, but for the fields its contract sends in the query.
 */
export function wireRequest(
  contract: Pick<ClientCall, 'transport' | 'query'>,
  wire: Readonly<Record<string, unknown>>,
): { readonly search: [string, string][]; readonly body?: WireBody } {
  if (contract.transport === 'query' || contract.transport === 'jsonp') return { search: wireStrings(wire) };
  const { query, body } = partQuery(contract, wire);
  const search = wireStrings(query);
  if (contract.transport === 'json') return { search, body: { kind: 'json', text: JSON.stringify(body) } };
  if (contract.transport === 'form') return { search, body: { kind: 'form', fields: wireStrings(body) } };
  return { search, body: { kind: 'multipart', fields: body } };
}

/** Every result a call may answer: its own codes, the common ones and success. */
export function allowedResults(contract: Pick<ClientCall, 'codes'>): ReadonlySet<number> {
  return new Set([0, ...COMMON_CODES, ...contract.codes]);
}
