import type { CallName } from '@topup/contracts';
import type { RawAnswer, SentRequest } from '../http/client';
import { stopOf } from '../interrupt';
import type { ReferenceScope } from './references';
import type { Target } from './target';

/** What a finished step leaves for later references: `${steps.<id>.data...}`. */
export interface StepRecord {
  readonly skipped?: true;
  readonly status?: number;
  readonly result?: number;
  readonly message?: string;
  readonly data?: unknown;
  readonly ms?: number;
  readonly tries?: number;
}

export interface StepOutcome {
  readonly status: 'passed' | 'failed' | 'skipped';
  readonly failures: readonly string[];
  readonly skipReason?: string;
  readonly call?: string;
  readonly result?: number;
  readonly tries?: number;
  readonly record: StepRecord;
  readonly observed?: unknown;
  /** The last HTTP exchange of the step, for reports (redacted there) and curl lines. */
  readonly exchange?: Exchange;
  /** Room steps: each message as the sn machine handled it. */
  readonly frames?: readonly { readonly atMs: number; readonly event: unknown }[];
}

export interface Exchange {
  readonly request: SentRequest;
  readonly response: { readonly status: number; readonly body: unknown; readonly networkError?: string };
}

export function exchangeOf(raw: RawAnswer): Exchange | undefined {
  if (raw.request === undefined) return undefined;
  return {
    request: raw.request,
    response: {
      status: raw.status,
      body: raw.body,
      ...(raw.networkError === undefined ? {} : { networkError: raw.networkError }),
    },
  };
}

export interface StepContext {
  readonly target: Target;
  readonly scope: ReferenceScope & { steps: Record<string, unknown> };
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Each room's sn when the scenario started, for `+N` frame numbers. */
  readonly roomStartSn: Map<string, number>;
  /** The writes a real backend may be sent (the fixtures file's safeWrites); the mock takes every call. */
  readonly safeWrites?: readonly CallName[];
  /** The fixtures file named in a skipped write's reason. */
  readonly fixturesFile?: string;
}

/** Why a step of a run stopped by Ctrl-C (or SIGTERM) was skipped; a scenario with one is reported interrupted. */
export const interruptedReason = (signal: AbortSignal | undefined): string =>
  `interrupted (${stopOf(signal)})`;
export const isInterrupted = (reason: string | undefined): boolean =>
  reason?.startsWith('interrupted (') === true;

export const skipped = (reason: string): StepOutcome => ({
  status: 'skipped',
  failures: [],
  skipReason: reason,
  record: { skipped: true },
});

export const failed = (failure: string): StepOutcome => ({
  status: 'failed',
  failures: [failure],
  record: {},
});
