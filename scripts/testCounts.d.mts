/** Types of scripts/testCounts.mjs, for its test. */

export type Outcome = 'passed' | 'failed' | 'skipped';
export type Outcomes = Map<string, Outcome>;
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export function vitestOutcomes(report: unknown, root?: string): Outcomes;
export function playwrightOutcomes(report: unknown): Outcomes;
export function countsOf(outcomes: Outcomes): Counts;
export function distinct(runs: readonly Outcomes[]): Outcomes;
export function failedLines(label: string, outcomes: Outcomes, limit?: number): string[];
export function summaryLine(counts: Counts): string;
