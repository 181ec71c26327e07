import { CONTROL_ACTIONS } from './controlSchema';
import { didYouMean } from './didYouMean';
import { isRecord } from './issues';
import { SCENARIO_VERSIONS, STEP_KINDS } from './schema';

/**
 * Checks made before the schema, so that an unknown version, step kind or control action is refused with a
 * message listing the valid ones rather than a union's noise.
 */
export function precheck(document: unknown): string[] {
  if (!isRecord(document)) return ['a scenario is a mapping with version, name, description and steps'];
  const reasons: string[] = [];
  if (!(SCENARIO_VERSIONS as readonly unknown[]).includes(document.version)) {
    const version = document.version;
    // "1" (quoted in YAML) is the right version written as text: say so, not that 1 is unsupported.
    const asText =
      typeof version === 'string' && (SCENARIO_VERSIONS as readonly unknown[]).includes(Number(version));
    reasons.push(
      asText
        ? `version: expected the number ${version}, got the text ${JSON.stringify(version)}; write version: ${version} without quotes`
        : `version: unsupported version ${JSON.stringify(version ?? null)}; valid versions: ${SCENARIO_VERSIONS.join(', ')}`,
    );
  }
  if (!Array.isArray(document.steps)) {
    reasons.push('steps: a list of steps is required');
    return reasons;
  }
  for (const [i, step] of (document.steps as unknown[]).entries()) {
    reasons.push(...precheckStep(step, `steps[${i}]`, STEP_KINDS));
    if (isRecord(step) && isRecord(step.room) && Array.isArray(step.room.during)) {
      for (const [j, inner] of (step.room.during as unknown[]).entries()) {
        reasons.push(...precheckStep(inner, `steps[${i}].room.during[${j}]`, ['call', 'poll', 'control']));
      }
    }
  }
  return reasons;
}

const COMMON_STEP_KEYS = ['id', 'name', 'params', 'wire', 'headers', 'expect'];

function precheckStep(step: unknown, at: string, kinds: readonly string[]): string[] {
  if (!isRecord(step)) return [`${at}: a step is a mapping such as { call: checkDisplayId, params: {...} }`];
  const keys = Object.keys(step);
  const present = keys.filter((k) => (STEP_KINDS as readonly string[]).includes(k));
  const label = typeof step.id === 'string' ? `${at} (${step.id})` : at;
  if (present.length === 0) {
    const unknown = keys.filter((k) => !COMMON_STEP_KEYS.includes(k));
    const what =
      unknown.length > 0
        ? `unknown step kind '${unknown.join("', '")}'${didYouMean(unknown[0] ?? '', kinds)}`
        : 'no step kind';
    return [`${label}: ${what}; valid step kinds: ${kinds.join(', ')}`];
  }
  if (present.length > 1) return [`${label}: a step has one kind, found ${present.join(' and ')}`];
  const kind = present[0] ?? '';
  if (!kinds.includes(kind))
    return [`${label}: step kind '${kind}' is not allowed here; valid: ${kinds.join(', ')}`];
  if (kind === 'control') {
    const action = step.control;
    const names = isRecord(action) ? Object.keys(action) : [];
    if (names.length !== 1 || !(CONTROL_ACTIONS as readonly string[]).includes(names[0] ?? '')) {
      const got =
        names.length === 0
          ? 'nothing'
          : `'${names.join("', '")}'${names.length === 1 ? didYouMean(names[0] ?? '', CONTROL_ACTIONS) : ''}`;
      return [`${label}: unknown control action ${got}; valid actions: ${CONTROL_ACTIONS.join(', ')}`];
    }
  }
  return [];
}
