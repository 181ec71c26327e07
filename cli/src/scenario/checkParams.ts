import type { CallName } from '@topup/contracts';
import type { z } from 'zod';
import { paramIssues, unknownParamKeys } from '../http/encode';
import { didYouMean } from './didYouMean';
import { CATALOGUE_FIXTURES } from './fixtures';
import { forcedResultProblem } from './forced';
import { isRecord, readable, valueAt } from './issues';
import { requiredParams } from './jsonSchema';
import type { InnerStep, Scenario, Step } from './schema';

/**
 * A call's parameters are checked against its contract's request (the app's value, as the CLI encodes it)
 * before anything runs: required ones given, each value of the right type and form, no key the contract
 * does not name. A `${…}` reference to a catalogue fixture or a var is checked with that value (the same type
 * on every backend); a reference to a step, a run value, or one inside a longer string is only known when
 * the step runs, so nothing under it is judged here.
 */
export function checkParams(
  scenario: Pick<Scenario, 'fixtures' | 'vars'> & { steps: readonly (Step | undefined)[] },
): string[] {
  const reasons: string[] = [];
  const check = (call: CallName, params: Record<string, unknown> | undefined, wire: unknown, at: string) => {
    if (wire !== undefined) return;
    const missing = requiredParams(call).filter((name) => params === undefined || !(name in params));
    if (missing.length > 0) {
      reasons.push(
        `${at}.params: ${call} needs ${missing.join(', ')}; expected params with ${missing.map((m) => `${m}: …`).join(', ')}`,
      );
    }
    if (params === undefined) return;
    const known = knownValues(params, scenario);
    for (const { path, key, known: keys } of unknownParamKeys(call, known.value as Record<string, unknown>)) {
      const where = [`${at}.params`, ...path].join('.');
      const of = path.length === 0 ? call : `${call}'s ${path.join('.')}`;
      reasons.push(
        `${where}: unknown parameter '${key}' of ${of}${didYouMean(key, keys)}; expected one of ${keys.join(', ')}`,
      );
    }
    for (const issue of paramIssues(call, known.value as Record<string, unknown>)) {
      const path = issue.path.map(String);
      if (missing.length > 0 && path.length === 1 && missing.includes(path[0] ?? '')) continue;
      if (known.opaque.some((o) => o.every((part, i) => path[i] === part))) continue;
      const where = [`${at}.params`, ...path].join('.');
      const from = known.from.get(path.join('.'));
      reasons.push(
        `${where}: ${readableParam(issue, valueAt(known.value, issue.path))}${from === undefined ? '' : ` (from ${from})`}`,
      );
    }
  };
  const visitStep = (step: Step | InnerStep, at: string) => {
    if ('control' in step && isRecord(step.control) && isRecord(step.control.force)) {
      const force = step.control.force as { call: CallName; answer: { result?: unknown } };
      const problem =
        typeof force.answer.result === 'number'
          ? forcedResultProblem(force.call, force.answer.result)
          : undefined;
      if (problem !== undefined) reasons.push(`${at}.control.force.answer.result: ${problem}`);
    }
    if ('call' in step) check(step.call, step.params, step.wire, at);
    else if ('poll' in step) check(step.poll.call, step.poll.params, step.poll.wire, `${at}.poll`);
    if ('room' in step)
      for (const [j, inner] of (step.room.during ?? []).entries())
        visitStep(inner, `${at}.room.during[${j}]`);
  };
  for (const [i, step] of scenario.steps.entries()) if (step !== undefined) visitStep(step, `steps[${i}]`);
  return reasons;
}

const WHOLE_REFERENCE = /^\$\{\s*([^}]+?)\s*\}$/;

/**
 * The parameters with what is known before running put in: catalogue fixture values and vars. `opaque` are
 * the paths of values only known at run time; `from` names the reference a substituted value came from.
 */
function knownValues(
  params: Record<string, unknown>,
  scenario: Pick<Scenario, 'fixtures' | 'vars'>,
): { value: unknown; opaque: string[][]; from: Map<string, string> } {
  const opaque: string[][] = [];
  const from = new Map<string, string>();
  const resolve = (expression: string): { found: boolean; value: unknown } => {
    const parts = expression.split('.');
    if (parts[0] === 'vars' && parts.length === 2 && Object.hasOwn(scenario.vars, parts[1] ?? '')) {
      return { found: true, value: scenario.vars[parts[1] ?? ''] };
    }
    if (parts[0] === 'fixtures' && parts.length === 3) {
      const name = scenario.fixtures[parts[1] ?? ''];
      const fixture = name === undefined ? undefined : CATALOGUE_FIXTURES[name];
      const value = fixture?.[parts[2] ?? ''];
      // null: the catalogue has none for this fixture (a backend's may); its type is not known here.
      if (
        fixture !== undefined &&
        Object.hasOwn(fixture, parts[2] ?? '') &&
        value !== null &&
        value !== undefined
      )
        return { found: true, value };
    }
    return { found: false, value: undefined };
  };
  const visit = (value: unknown, path: string[]): unknown => {
    if (typeof value === 'string') {
      const whole = WHOLE_REFERENCE.exec(value);
      if (whole !== null) {
        const known = resolve(whole[1] ?? '');
        if (known.found) {
          from.set(path.join('.'), value);
          return known.value;
        }
        opaque.push(path);
        return value;
      }
      if (/(?<!\$)\$\{/.test(value)) {
        opaque.push(path);
        return value;
      }
      return value.replaceAll('$${', '${');
    }
    if (Array.isArray(value)) return value.map((item, i) => visit(item, [...path, String(i)]));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, [...path, k])]));
    return value;
  };
  return { value: visit(params, []), opaque, from };
}

/** One expected form per parameter problem. */
function readableParam(issue: z.core.$ZodIssue, at: { found: boolean; value: unknown }): string {
  const got = at.found ? `, got ${JSON.stringify(at.value)}` : '';
  if (issue.code === 'invalid_union') {
    // A union of literals (pay_type, source): every branch wants one value.
    const values = issue.errors.flatMap((branch) =>
      branch.length === 1 && branch[0]?.code === 'invalid_value' ? branch[0].values : [undefined],
    );
    if (values.length > 0 && values.every((v) => v !== undefined))
      return `expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}${got}`;
    const best = issue.errors.reduce((a, b) => (a.length <= b.length ? a : b), issue.errors[0] ?? []);
    if (best[0] !== undefined) return readableParam(best[0], at);
  }
  if (issue.code === 'invalid_value')
    return `expected ${issue.values.length === 1 ? '' : 'one of '}${issue.values.map((v) => JSON.stringify(v)).join(', ')}${got}`;
  if (issue.code === 'invalid_format' && issue.format === 'regex' && 'pattern' in issue)
    return `expected a string matching ${String(issue.pattern)}${got}`;
  if (issue.code === 'invalid_type') return readable(issue, at);
  return `${issue.message}${got}`;
}
