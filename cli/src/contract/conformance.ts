import {
  allowedResults,
  type CallName,
  callByRoute,
  type Envelope,
  normaliseEnvelope,
  RawEnvelopeSchema,
} from '@topup/contracts';
import type { z } from 'zod';
import type { RawAnswer } from '../http/client';
import { contractOf } from '../http/encode';
import { isSecretField } from '../report/mask';
import { cardDataFindings } from './cardData';
import { listTermsProblems } from './listTerms';

/**
 * How an answer can break its contract; `field` is a dot path into the body (`data.items.0.last4`). `meaning`:
 * data of the right shape that disagrees with its request (another account than the one asked for).
 */
export type ProblemKind =
  | 'network'
  | 'http-status'
  | 'envelope'
  | 'unknown-code'
  | 'data'
  | 'meaning'
  | 'unverified'
  | 'slow';

export interface Problem {
  readonly kind: ProblemKind;
  readonly field?: string;
  readonly message: string;
}

export interface JudgedAnswer {
  readonly status: number;
  readonly ms: number;
  /** Present when the body is an envelope. */
  readonly envelope?: Envelope;
  /** The decoded data when it conforms to the contract, else the data as it came. */
  readonly data: unknown;
  readonly problems: readonly Problem[];
}

/**
 * Judges one answer against its call's contract (SPEC §7): HTTP 200, an envelope (`result` or `code`,
 * 200 mapped to 0), a result the contract lists (else an unknown code), and on success `data` matching the
 * contract's data schema, field by field, and then what the contracts say such data must hold beyond its
 * shape (a charge list's package terms: `meaning` problems, listTerms.ts).
 */
export function judgeAnswer(name: CallName, raw: RawAnswer): JudgedAnswer {
  const base = { status: raw.status, ms: raw.ms };
  if (raw.networkError !== undefined) {
    const undecodable = undecodableBody(raw.networkError);
    return {
      ...base,
      data: undefined,
      problems: [
        undecodable === undefined
          ? { kind: 'network', message: raw.networkError }
          : { kind: 'envelope', field: '(body)', message: undecodable },
      ],
    };
  }
  const problems: Problem[] = [];
  if (raw.status >= 300 && raw.status < 400) {
    problems.push({
      kind: 'http-status',
      message: `HTTP ${raw.status} redirect to ${raw.location ?? '(no Location header)'}; every call answers HTTP 200, and a redirect is not followed`,
    });
  } else if (raw.status !== 200) {
    problems.push({ kind: 'http-status', message: `HTTP ${raw.status}; every call answers HTTP 200` });
  }
  const framing: Problem[] =
    raw.framing === undefined ? [] : [{ kind: 'envelope', field: '(body)', message: raw.framing }];
  if (typeof raw.body === 'string') {
    problems.push({ kind: 'envelope', field: '(body)', message: notJson(raw.body) });
    return { ...base, data: undefined, problems: [...problems, ...framing] };
  }
  const shape = RawEnvelopeSchema.safeParse(raw.body);
  const normalised = normaliseEnvelope(raw.body);
  if (!shape.success || !normalised.ok) {
    for (const issue of shape.error?.issues ?? []) {
      problems.push({ kind: 'envelope', field: issue.path.join('.') || '(body)', message: issue.message });
    }
    if (problems.every((p) => p.kind !== 'envelope')) {
      problems.push({ kind: 'envelope', field: '(body)', message: 'not an envelope' });
    }
    return { ...base, data: undefined, problems: [...problems, ...framing] };
  }
  problems.push(...framing);
  // Card data is looked for in the answer as it came: the schema below strips keys it does not know.
  for (const finding of cardDataFindings(raw.body)) problems.push({ kind: 'data', ...finding });
  const envelope = normalised.envelope;
  const contract = contractOf(name);
  if (!allowedResults(contract).has(envelope.result)) {
    problems.push({
      kind: 'unknown-code',
      field: 'result',
      message: `result ${envelope.result} is not among the codes ${name} may answer`,
    });
  }
  let data: unknown = envelope.data;
  if (envelope.result === 0 && contract.rawAnswer !== true) {
    const parsed = (contract.data as z.ZodType).safeParse(envelope.data);
    if (parsed.success) {
      data = parsed.data;
      // Data of the right shape whose packages the app would refuse (listTerms.ts): every call of the list.
      problems.push(...listTermsProblems(name, data));
    } else if (!Object.hasOwn(raw.body as object, 'data')) {
      problems.push({
        kind: 'data',
        field: 'data',
        message: 'data is missing: every answer carries result, message and data (SPEC §7)',
      });
    } else {
      for (const issue of parsed.error.issues) {
        problems.push({ kind: 'data', field: ['data', ...issue.path].join('.'), message: issue.message });
      }
    }
  }
  return { ...base, envelope, data, problems };
}

/** How many characters of a body that is not JSON a problem line shows. */
const EXCERPT = 80;

/**
 * A body that did not parse as JSON (or JSONP), named as such with its first characters escaped (quotes,
 * control characters and all) and the values of secret-looking fields (`"session_key":"…"`) masked: a page,
 * an empty answer, or JSON followed by something else (a proxy's comment).
 */
function notJson(body: string): string {
  if (body.trim() === '') return 'the body is empty: an answer is a JSON envelope (SPEC §7)';
  const excerpt = (from: number) =>
    body
      .slice(from, from + EXCERPT)
      .replace(/"([A-Za-z_-]+)"(\s*:\s*)"[^"]*("?)/g, (whole, key: string, colon: string, close: string) =>
        isSecretField(key) ? `"${key}"${colon}"•••${close}` : whole,
      );
  const more = body.length > EXCERPT ? ` … (${body.length} characters)` : '';
  const after = trailingAt(body);
  if (after !== undefined)
    return `the body is not JSON: a JSON value followed by other bytes at offset ${after}; it begins ${JSON.stringify(excerpt(0))}${more}, and goes on at ${after} with ${JSON.stringify(excerpt(after))}`;
  return `the body is not JSON; it begins ${JSON.stringify(excerpt(0))}${more}`;
}

/** Where a body that is a JSON value and then something else (a second value, a proxy's comment) goes on. */
function trailingAt(body: string): number | undefined {
  try {
    JSON.parse(body);
    return undefined;
  } catch (error) {
    const at = /after JSON at position (\d+)/.exec((error as Error).message)?.[1];
    return at === undefined ? undefined : Number(at);
  }
}

/**
 * The reading of a body that failed in decompression (zlib's Z_DATA_ERROR, Z_BUF_ERROR…: a body whose bytes
 * are not the content-encoding it names) is a problem of the body, not of the network.
 */
function undecodableBody(networkError: string): string | undefined {
  const code = /\((Z_[A-Z_]+|ERR__[A-Z_0-9]+|ERR_BROTLI[A-Z_]*|ERR_ZSTD[A-Z_]*)\)$/.exec(networkError)?.[1];
  return code === undefined
    ? undefined
    : `the body could not be decompressed (${code}): its bytes are not the content-encoding the answer names`;
}

/** The media types an answer of each transport comes as (the contracts' OpenAPI: JSON; JSONP as script or JSON). */
const JSON_TYPES = ['application/json'];
const JSONP_TYPES = ['application/javascript', 'text/javascript', 'application/json'];

/**
 * What the contract check holds an answer to beyond what the app tolerates (SPEC §7: every answer carries
 * result, message and data; the contracts' OpenAPI sends it as application/json): a body that is JSON under
 * another media type (text/html), and an envelope without its `message`. Each is a `bad-envelope` problem.
 */
export function strictEnvelopeProblems(name: CallName, raw: RawAnswer): Problem[] {
  if (raw.networkError !== undefined) return [];
  const problems: Problem[] = [];
  const allowed = contractOf(name).transport === 'jsonp' ? JSONP_TYPES : JSON_TYPES;
  const media = (raw.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!allowed.includes(media)) {
    problems.push({
      kind: 'envelope',
      field: '(content-type)',
      message: `answered as ${media === '' ? 'no content type' : media}; an envelope comes as ${allowed.join(' or ')} (SPEC §7, the contracts' OpenAPI)`,
    });
  }
  const body = raw.body;
  if (
    RawEnvelopeSchema.safeParse(body).success &&
    typeof (body as { message?: unknown }).message !== 'string'
  ) {
    problems.push({
      kind: 'envelope',
      field: 'message',
      message: 'the envelope has no message; every answer carries result, message and data (SPEC §7)',
    });
  }
  return problems;
}

export function describeProblem(problem: Pick<Problem, 'field' | 'message'>): string {
  return problem.field === undefined ? problem.message : `${problem.field}: ${problem.message}`;
}

/** One request of a batch as sent: its id and the sub-call's route. */
export interface BatchItem {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/**
 * A batch answer's data against what was sent (SPEC §7): each request id maps to the JSON string of the
 * sub-call's envelope, which is judged as that call's own answer (envelope, result codes, data). Problems
 * are of kind `data`, each named by its entry (`data.<id>…`): an id with no entry, an entry that is not a
 * JSON envelope, or one whose envelope breaks the sub-call's contract.
 */
export function batchProblems(
  items: readonly BatchItem[],
  data: unknown,
  /** What a sub-answer that met its contract must mean given its sub-request (the agreement rules). */
  held?: (sub: CallName, data: unknown, item: BatchItem) => readonly Problem[],
): Problem[] {
  const entries = (data ?? {}) as Record<string, unknown>;
  const problems: Problem[] = [];
  for (const item of items) {
    const at = `data.${item.id}`;
    const entry = Object.hasOwn(entries, item.id) ? entries[item.id] : undefined;
    if (typeof entry !== 'string') {
      problems.push({
        kind: 'data',
        field: at,
        message: `no answer for the request id ${item.id} (${item.method} ${item.path}); every id sent maps to its envelope's JSON string`,
      });
      continue;
    }
    let body: unknown;
    try {
      body = JSON.parse(entry);
    } catch {
      problems.push({
        kind: 'data',
        field: at,
        message: `not a JSON envelope: ${JSON.stringify(entry.slice(0, 60))}`,
      });
      continue;
    }
    const sub = callByRoute(item.method, item.path);
    if (sub === undefined) continue;
    const judged = judgeAnswer(sub, { status: 200, body, ms: 0 });
    for (const problem of judged.problems) {
      const field = problem.field === undefined || problem.field === '(body)' ? '' : `.${problem.field}`;
      // A sub-answer whose data disagrees with what it must mean (listTerms.ts) disagrees inside the batch too.
      const kind = problem.kind === 'meaning' ? 'meaning' : 'data';
      problems.push({ kind, field: `${at}${field}`, message: `${sub}: ${problem.message}` });
    }
    const result = judged.envelope?.result;
    if (judged.problems.every((p) => p.kind === 'meaning') && result === 0 && held !== undefined) {
      for (const problem of held(sub, judged.data, item)) {
        const field = problem.field === undefined ? '' : `.${problem.field}`;
        problems.push({ kind: 'meaning', field: `${at}${field}`, message: `${sub}: ${problem.message}` });
      }
    }
    if (judged.problems.length === 0 && result !== 0) {
      problems.push({
        kind: 'data',
        field: `${at}.result`,
        message: `${sub} answered result ${result} inside the batch: its data was never checked`,
      });
    }
  }
  return problems;
}
