import { didYouMean } from './didYouMean';
import { CATALOGUE_FIXTURES } from './fixtures';
import { isRecord } from './issues';
import { OPERATORS } from './matchers';
import { referencedSteps } from './references';
import type { InnerStep, Scenario, Step } from './schema';

/** Every `$operator` in expectations and conditions must be one the matchers know. */
export function checkOperators(steps: readonly unknown[]): string[] {
  const reasons: string[] = [];
  const visit = (value: unknown, at: string, inMatcher: boolean): void => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, `${at}[${i}]`, inMatcher);
      return;
    }
    if (!isRecord(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      const path = at === '' ? key : `${at}.${key}`;
      const matcher = inMatcher || key === 'expect' || key === 'until';
      if (matcher && key.startsWith('$') && !(OPERATORS as readonly string[]).includes(key)) {
        reasons.push(
          `${path}: unknown operator ${key}${didYouMean(key, OPERATORS)}; expected one of ${OPERATORS.join(' ')}`,
        );
      }
      visit(inner, path, matcher);
    }
  };
  for (const [i, step] of steps.entries()) visit(step, `steps[${i}]`, false);
  return reasons;
}

/** Each reference to a step must name an earlier step; each fixture reference a declared alias. */
export function checkReferences(scenario: Scenario): string[] {
  const reasons: string[] = [];
  const seen = new Set<string>();
  const aliases = new Set(Object.keys(isRecord(scenario.fixtures) ? scenario.fixtures : {}));
  const checkValue = (value: unknown, at: string): void => {
    for (const ref of referencedSteps(value)) {
      if (!seen.has(ref)) reasons.push(`${at}: refers to step '${ref}', which is not an earlier step`);
    }
    for (const { alias, field } of referencedFixtures(value)) {
      if (!aliases.has(alias)) {
        reasons.push(
          `${at}: refers to fixture '${alias}', not declared under fixtures (${[...aliases].join(', ') || 'none'})${didYouMean(alias, [...aliases])}`,
        );
        continue;
      }
      // The field must be one the fixture has (the catalogue's fields are the names every backend gives).
      const name = (scenario.fixtures as Record<string, unknown>)[alias];
      const known = typeof name === 'string' ? CATALOGUE_FIXTURES[name] : undefined;
      if (field !== undefined && known !== undefined && !Object.hasOwn(known, field)) {
        reasons.push(
          `${at}: fixture '${alias}' (${String(name)}) has no field '${field}'${didYouMean(field, Object.keys(known))}; expected one of ${Object.keys(known).join(', ')}`,
        );
      }
    }
  };
  const visitStep = (step: Step | InnerStep, at: string): void => {
    if (!isRecord(step)) return;
    const { id, ...body } = step;
    if ('room' in step && isRecord(step.room)) {
      // The room's rid is resolved first; its condition and expectations after its inner steps ran.
      const { during: rawDuring, until, ...room } = step.room;
      const during = Array.isArray(rawDuring) ? rawDuring : [];
      checkValue({ ...body, room, expect: undefined }, at);
      for (const [j, s] of during.entries()) visitStep(s, `${at}.room.during[${j}]`);
      checkValue({ until, expect: step.expect }, at);
    } else checkValue(body, at);
    if (typeof id === 'string') {
      if (seen.has(id)) reasons.push(`${at}: step id '${id}' is used twice`);
      seen.add(id);
    }
  };
  for (const [i, step] of scenario.steps.entries()) visitStep(step, `steps[${i}]`);
  return reasons;
}

function referencedFixtures(value: unknown): { alias: string; field?: string }[] {
  const text = JSON.stringify(value);
  return [...text.matchAll(/(?<!\$)\$\{fixtures\.([A-Za-z0-9_]+)(?:\.([A-Za-z0-9_]+))?/g)].map((m) =>
    m[2] === undefined ? { alias: m[1] ?? '' } : { alias: m[1] ?? '', field: m[2] },
  );
}

/**
 * A var's value is used as written: references inside vars are not resolved (`a: "${vars.b}"` would be sent
 * as that text), so a var holding one is refused, with where it is.
 */
export function checkVars(vars: unknown): string[] {
  const reasons: string[] = [];
  const visit = (value: unknown, at: string): void => {
    if (typeof value === 'string') {
      const ref = [...value.matchAll(/\$?\$\{[^}]*\}/g)].find((m) => !m[0].startsWith('$$'));
      if (ref !== undefined)
        reasons.push(
          `${at}: holds the reference ${ref[0]}, but references inside vars are not resolved (it would be sent as that text); write the value itself, or write the reference where the var is used`,
        );
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, `${at}[${i}]`);
    } else if (isRecord(value)) {
      for (const [key, inner] of Object.entries(value)) visit(inner, `${at}.${key}`);
    }
  };
  if (isRecord(vars)) for (const [key, value] of Object.entries(vars)) visit(value, `vars.${key}`);
  return reasons;
}
