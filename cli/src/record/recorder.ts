import { type CallName, callByRoute } from '@topup/contracts';
import { stringify } from 'yaml';
import type { z } from 'zod/mini';
import { judgeAnswer, type Problem } from '../contract/conformance';
import type { RawAnswer } from '../http/client';
import { contractOf } from '../http/encode';
import { mask } from '../report/mask';
import { failureOf } from './live';
import type { RoomRecording } from './room';

/** One exchange the proxy saw: the request as it arrived, the answer as it left. */
export interface Exchange {
  readonly method: string;
  /** Path and query, as the client sent them. */
  readonly url: string;
  readonly contentType?: string;
  readonly body?: string;
  readonly answer: RawAnswer;
}

/** What the recorder made of an exchange, for the live report. */
export type Recorded =
  | {
      readonly kind: 'step';
      readonly call: CallName;
      readonly id: string;
      readonly result?: number;
      readonly problems: readonly Problem[];
      /** Why the answer is no behaviour to expect (a service failure, an answer off its contract), if so. */
      readonly failure?: string;
    }
  | {
      readonly kind: 'room';
      readonly id: string;
      readonly rid: string;
      readonly messages: number;
      readonly lastSn: number;
      /** Frames outside the room protocol (not an envelope, a non-zero result, a body that is not JSON). */
      readonly dropped: number;
    }
  | { readonly kind: 'skipped'; readonly reason: string };

/**
 * Secret parameters and the fixture (a name of the test data catalogue, so the scenario replays on the
 * mock) whose field stands in for them. A real backend's fixtures file gives those fields their values.
 */
const SECRET_FIXTURES: Readonly<
  Record<string, { readonly alias: string; readonly fixture: string; readonly field: string }>
> = {
  password: { alias: 'passwordSignIn', fixture: 'signIn.password', field: 'password' },
  ticket: { alias: 'ticketSignIn', fixture: 'signIn.ticket', field: 'ticket' },
  access_token: { alias: 'facebookSignIn', fixture: 'signIn.facebook', field: 'token' },
  fb_token: { alias: 'facebookSignIn', fixture: 'signIn.facebook', field: 'token' },
  id_token: { alias: 'googleSignIn', fixture: 'signIn.google', field: 'id_token' },
  session_key: { alias: 'account', fixture: 'account.reem', field: 'session_key' },
  apple_pay_token: { alias: 'wallet', fixture: 'wallet.approved', field: 'token' },
};
/** Single-use card tokens of a provider's frame: never written; a replay needs a tokenizeCard step first. */
const CARD_TOKENS = new Set([
  'token',
  'cvv_token',
  'encryptedCardNumber',
  'encryptedSecurityCode',
  'encryptedExpiryMonth',
  'encryptedExpiryYear',
]);
/** Fields that may only ever hold a card number or security code (the app never sends them to the backend). */
const CARD_FIELDS = /^(?:cvv|cvc|cvv2|security_code|card_number|cardNumber|number)$/i;
export const REDACTED_TOKEN = 'redacted-card-token';
/** Answer values shorter than this are not taken for references (a 1 or a 'ok' is no evidence). */
const MIN_REFERENCE_LENGTH = 6;

export interface RecordedScenario {
  readonly yaml: string;
  readonly fixturesYaml: string;
  readonly steps: number;
  readonly drifts: number;
  /** Steps whose recorded answer was a failure (a service failure or an answer off its contract). */
  readonly failed: number;
}

export class Recorder {
  private readonly steps: Record<string, unknown>[] = [];
  /** Answer values seen so far → the reference that stands for them. */
  private readonly produced = new Map<string, string>();
  private readonly aliases = new Map<string, string>();
  /** fixture name → field → value seen (only non-secret values are kept). */
  private readonly fixtureValues = new Map<string, Record<string, unknown>>();
  private driftCount = 0;
  private redactedTokens = 0;
  /** One comment line a step whose recorded answer is written as what the contract requires instead. */
  private readonly failures: string[] = [];

  /** Validates one exchange against its contract and adds it as a call step (redacted, with references). */
  record(exchange: Exchange): Recorded {
    const url = new URL(exchange.url, 'http://recorder.invalid');
    const call = callByRoute(exchange.method, url.pathname);
    if (call === undefined)
      return { kind: 'skipped', reason: `not a registry call: ${exchange.method} ${url.pathname}` };
    const contract = contractOf(call);
    if (contract.transport === 'multipart')
      return { kind: 'skipped', reason: `${call}: multipart uploads are not recorded` };
    const wire = wireParamsOf(contract.transport, url, exchange);
    const problems: Problem[] = [];
    const decoded = (contract.request as z.ZodMiniType).safeParse(wire);
    if (!decoded.success) {
      for (const issue of decoded.error.issues) {
        problems.push({
          kind: 'data',
          field: ['params', ...issue.path].join('.'),
          message: `request: ${issue.message}`,
        });
      }
    }
    const judged = judgeAnswer(call, exchange.answer);
    problems.push(...judged.problems);
    if (problems.length > 0) this.driftCount += 1;

    const id = `s${this.steps.length + 1}`;
    const params = this.redact(call, decoded.success ? (decoded.data as Record<string, unknown>) : wire);
    const result = judged.envelope?.result;
    const step: Record<string, unknown> = {
      id,
      call,
      [decoded.success ? 'params' : 'wire']: params,
    };
    // A recording is a list of expectations a replay holds a backend to, so only an answer the contract
    // allows becomes one. A service failure (an HTTP error, no answer, 10005, 10004, 10002) is written as a
    // call that must be served, and an answer off its contract (card data in it too) is held to the
    // contract (never `conforms: false`): replayed against the same broken backend, the step fails.
    const failure = failureOf(exchange.answer, result, problems);
    const expect: Record<string, unknown> = {};
    if (failure === undefined && result !== undefined && result !== 0) expect.result = result;
    if (Object.keys(expect).length > 0) step.expect = expect;
    if (failure !== undefined) this.failures.push(`${id} ${call}: ${failure}`);
    this.steps.push(step);
    if (result === 0) this.index(`steps.${id}.data`, judged.data);
    const said = {
      ...(result === undefined ? {} : { result }),
      ...(failure === undefined ? {} : { failure }),
    };
    return { kind: 'step', call, id, problems, ...said };
  }

  /** Steps whose recorded answer was a failure, written as what the contract requires. */
  get failed(): number {
    return this.failures.length;
  }

  /**
   * A room socket becomes a room step: the replay opens the same room, waits for the first messages and
   * expects the status table to hold the keys the recorded one held by then.
   */
  recordRoom(room: RoomRecording): Recorded {
    const id = `r${this.steps.length + 1}`;
    const gaps = room.gaps > 0 ? `, ${room.gaps} gap(s) refreshed` : '';
    this.steps.push({
      id,
      name: `room ${room.rid}: ${room.messages} messages recorded, sn ${room.firstSn} to ${room.lastSn}${gaps}`,
      room: { rid: room.rid, until: { messages: room.settledAfter }, timeoutMs: 10_000 },
      expect: {
        messages: { $gte: room.settledAfter },
        ...(room.keys.length === 0
          ? {}
          : { table: Object.fromEntries(room.keys.map((key) => [key, { $exists: true }])) }),
      },
    });
    if (room.dropped > 0) this.driftCount += 1;
    return {
      kind: 'room',
      id,
      rid: room.rid,
      messages: room.messages,
      lastSn: room.lastSn,
      dropped: room.dropped,
    };
  }

  /** Secrets become fixture references, values an earlier answer produced become step references. */
  private redact(call: CallName, params: Record<string, unknown>): Record<string, unknown> {
    const walk = (value: unknown, key: string | undefined): unknown => {
      if (typeof value === 'string' || typeof value === 'number') {
        const produced = this.produced.get(String(value));
        if (produced !== undefined && String(value).length >= MIN_REFERENCE_LENGTH) return `\${${produced}}`;
        if (key !== undefined && Object.hasOwn(SECRET_FIXTURES, key)) return this.fixtureRef(key);
        if (key !== undefined && CARD_TOKENS.has(key)) {
          this.redactedTokens += 1;
          return REDACTED_TOKEN;
        }
        if (key !== undefined && CARD_FIELDS.test(key)) return '•••';
        // A last net: known secrets, and card data (report/mask.ts, by contract/cardData.ts), wherever they are.
        return typeof value === 'string' ? mask(value) : value;
      }
      if (Array.isArray(value)) return value.map((item) => walk(item, undefined));
      if (value !== null && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
      }
      return value;
    };
    const out = walk(params, undefined) as Record<string, unknown>;
    if (call === 'accountLogin' && typeof params.display_uid === 'string') {
      this.remember('signIn.password', 'display_uid', params.display_uid);
    }
    return out;
  }

  private fixtureRef(key: string): string {
    const secret = SECRET_FIXTURES[key];
    if (secret === undefined) return '';
    this.aliases.set(secret.alias, secret.fixture);
    this.remember(secret.fixture, secret.field, undefined);
    return `\${fixtures.${secret.alias}.${secret.field}}`;
  }

  private remember(fixture: string, field: string, value: unknown) {
    const fields = this.fixtureValues.get(fixture) ?? {};
    if (value !== undefined || !(field in fields))
      fields[field] = value ?? '<fill in: a secret, never recorded>';
    this.fixtureValues.set(fixture, fields);
  }

  private index(path: string, value: unknown) {
    if (typeof value === 'string' || typeof value === 'number') {
      const text = String(value);
      if (text.length >= MIN_REFERENCE_LENGTH && !this.produced.has(text)) this.produced.set(text, path);
      return;
    }
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) this.index(`${path}[${i}]`, item);
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) this.index(`${path}.${k}`, v);
    }
  }

  get size(): number {
    return this.steps.length;
  }

  /** The scenario file and the fixtures file it needs on a real backend. */
  write(name: string, target: string): RecordedScenario {
    const scenario = {
      version: 1,
      name,
      description: `Recorded by topup record against ${target} (${this.steps.length} calls, secrets redacted)`,
      tags: ['recorded'],
      fixtures: Object.fromEntries([...this.aliases].sort()),
      steps: this.steps,
    };
    const notes = [
      '# yaml-language-server: $schema=./scenario.schema.json',
      ...(this.failures.length > 0
        ? [
            `# ${this.failures.length} recorded answer(s) were failures, written as what the contract requires, so a replay against the backend that answered them fails until it is fixed:`,
            ...this.failures.map((line) => `#   ${mask(line).replace(/[\r\n]+/g, ' ')}`),
          ]
        : []),
      ...(this.redactedTokens > 0
        ? [
            `# ${this.redactedTokens} card token(s) were redacted: add a tokenizeCard step before their call to replay it.`,
          ]
        : []),
    ];
    const fixtures = {
      version: 1,
      fixtures: Object.fromEntries([...this.fixtureValues].sort(([a], [b]) => a.localeCompare(b))),
      safeWrites: [],
    };
    return {
      yaml: `${notes.join('\n')}\n${stringify(scenario, { lineWidth: 0 })}`,
      fixturesYaml: `# Fixture values the recorded scenario needs on a real backend; the mock takes them from its catalogue.\n${stringify(fixtures, { lineWidth: 0 })}`,
      steps: this.steps.length,
      drifts: this.driftCount,
      failed: this.failures.length,
    };
  }
}

/** The wire parameters of a request, gathered as its call's transport carries them. */
function wireParamsOf(transport: string, url: URL, exchange: Exchange): Record<string, unknown> {
  const query = Object.fromEntries(url.searchParams);
  if (transport === 'json') {
    try {
      const body = JSON.parse(exchange.body ?? '') as unknown;
      return body !== null && typeof body === 'object' && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : {};
    } catch {
      return {};
    }
  }
  if (transport === 'form')
    return { ...query, ...Object.fromEntries(new URLSearchParams(exchange.body ?? '')) };
  return query;
}
