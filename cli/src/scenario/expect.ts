import { describeProblem, type JudgedAnswer, type Problem } from '../contract/conformance';
import { match, matchPaths } from './matchers';
import type { Expect } from './schema';

const asList = (value: number | readonly number[]): readonly number[] =>
  typeof value === 'number' ? [value] : value;

/** Every way an answer misses its expectation; empty when it passes. Expected failures are just codes. */
export function evaluateExpect(answer: JudgedAnswer, expect: Expect = {}, budgetMs?: number): string[] {
  const network = answer.problems.find((p) => p.kind === 'network');
  // A body that stalled after its headers was an answer, not a silence: said as it is.
  if (network !== undefined)
    return [
      network.message.startsWith('the body stalled') ? network.message : `no answer: ${network.message}`,
    ];
  const failures: string[] = [];
  const wantStatus = expect.status ?? 200;
  // Status 0: the answer came but its body could not be read (not decompressed); the problem below says so.
  if (answer.status !== wantStatus && answer.status !== 0)
    failures.push(`expected HTTP ${wantStatus}, got ${answer.status}`);
  const envelope = answer.envelope;
  if (envelope === undefined) {
    failures.push(...answer.problems.map((p) => `not an envelope: ${describeProblem(p)}`));
    return failures;
  }
  const results = asList(expect.result ?? 0);
  if (!results.includes(envelope.result)) {
    const wanted = results.length === 1 ? `${results[0]}` : `one of ${results.join(', ')}`;
    const said = envelope.message === '' ? '' : ` (${envelope.message})`;
    failures.push(`expected result ${wanted}, got ${envelope.result}${said}`);
  }
  // An envelope without `message` is named as such (its contract line below), not as an empty message.
  const noMessage = answer.problems.some((p) => p.kind === 'envelope' && p.field === 'message');
  if (expect.message !== undefined && noMessage)
    failures.push(`message: expected ${JSON.stringify(expect.message)}, but the envelope has no message`);
  else if (expect.message !== undefined) failures.push(...match(envelope.message, expect.message, 'message'));
  if (expect.data !== undefined) failures.push(...matchPaths(answer.data, expect.data, 'data'));
  if (expect.conforms !== false) {
    failures.push(
      ...answer.problems
        .filter((p: Problem) => p.kind !== 'http-status')
        .map((p) => `contract: ${describeProblem(p)}`),
    );
  }
  if (expect.maxMs !== undefined && answer.ms > expect.maxMs) {
    failures.push(`took ${answer.ms} ms, more than ${expect.maxMs} ms`);
  } else if (expect.maxMs === undefined && budgetMs !== undefined && answer.ms > budgetMs) {
    failures.push(
      `took ${answer.ms} ms, over the call's ${budgetMs} ms latency budget (expect.maxMs sets a step's own)`,
    );
  }
  return failures;
}

/** Whether a poll's condition holds for an answer. */
export function conditionHolds(
  answer: JudgedAnswer,
  until: {
    result?: number | readonly number[] | undefined;
    data?: Readonly<Record<string, unknown>> | undefined;
  },
): boolean {
  const envelope = answer.envelope;
  if (envelope === undefined) return false;
  if (until.result !== undefined && !asList(until.result).includes(envelope.result)) return false;
  if (until.data !== undefined && matchPaths(answer.data, until.data, 'data').length > 0) return false;
  return true;
}
