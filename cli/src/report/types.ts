import type { StepKind } from '../scenario/schema';

export type Status = 'passed' | 'failed' | 'skipped';

export interface StepReport {
  readonly index: string;
  readonly id?: string;
  readonly label: string;
  readonly kind: StepKind;
  readonly status: Status;
  readonly ms: number;
  readonly failures: readonly string[];
  readonly skipReason?: string;
  readonly call?: string;
  readonly result?: number;
  readonly tries?: number;
  /** What the step saw, kept for --compare: the data's shape and, for rooms, sn and table keys. */
  readonly observed?: unknown;
}

export interface ScenarioReport {
  readonly name: string;
  readonly file: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly status: Status;
  readonly ms: number;
  readonly steps: readonly StepReport[];
  /** A scenario that could not start (missing fixtures, a mock that would not reset). */
  readonly error?: string;
}

export interface Totals {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
}

export interface RunReport {
  readonly kind: 'scenarios';
  readonly target: string;
  readonly startedAt: string;
  readonly ms: number;
  readonly scenarios: readonly ScenarioReport[];
  readonly totals: { readonly scenarios: Totals; readonly steps: Totals };
}

export function totalsOf(items: readonly { status: Status }[]): Totals {
  return {
    passed: items.filter((i) => i.status === 'passed').length,
    failed: items.filter((i) => i.status === 'failed').length,
    skipped: items.filter((i) => i.status === 'skipped').length,
  };
}
