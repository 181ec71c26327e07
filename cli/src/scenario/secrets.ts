import { isSecretField, registerSecret, registerSecretsOf } from '../report/mask';
import type { LoadedScenario } from './load';
import { parsePath, readPath, UnresolvedReference } from './references';

const VAR_REFERENCE = /(?<!\$)\$\{\s*vars\.([^}]+?)\s*\}/g;

/** A scenario value with its `${vars.…}` references put in (the others left as written). */
function withVars(text: string, vars: Readonly<Record<string, unknown>>): unknown {
  const read = (path: string): unknown => {
    try {
      const found = readPath(vars, parsePath(path));
      return found.found ? found.value : undefined;
    } catch (error) {
      if (error instanceof UnresolvedReference) return undefined;
      throw error;
    }
  };
  const whole = /^\$\{\s*vars\.([^}]+?)\s*\}$/.exec(text);
  if (whole !== null) return read(whole[1] ?? '');
  return text.replace(VAR_REFERENCE, (ref, path: string) => {
    const value = read(path);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : ref;
  });
}

/** A secret field's value put there through `${vars.…}`: the value it resolves to is a secret. */
function registerFromVars(value: unknown, vars: Readonly<Record<string, unknown>>): void {
  if (typeof value !== 'string' || !/\$\{\s*vars\./.test(value)) return;
  const resolved = withVars(value, vars);
  registerSecret(resolved);
  registerSecretsOf(resolved);
}

/** Walks a step for secret fields (a card number, a CVV, a password, a key) whose value comes from vars. */
function walk(node: unknown, vars: Readonly<Record<string, unknown>>): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, vars);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (isSecretField(key)) registerFromVars(value, vars);
    else walk(value, vars);
  }
}

/**
 * Secrets a scenario file holds, so every report masks them: a card number or CVV typed into a tokeniser
 * step; the value a secret field (a card number, a CVV, a password, a key, in any step) takes from
 * `${vars.…}`, masked wherever it shows (an expectation, a label, a failure line); and a var whose own name
 * is a secret field's (`vars: { cvv: "737" }`).
 */
export function registerScenarioSecrets(scenarios: readonly LoadedScenario[]): void {
  for (const { scenario } of scenarios) {
    registerSecretsOf(scenario.vars);
    for (const step of scenario.steps) {
      // A card typed into a tokeniser step: its number and CVV as written.
      if ('tokenizeCard' in step) {
        registerSecret(step.tokenizeCard.number);
        registerSecret(step.tokenizeCard.cvv);
      }
      walk(step, scenario.vars);
    }
  }
}
