/**
 * References to earlier answers and to fixtures inside scenario values: `${steps.pay.data.order_id}`,
 * `${fixtures.payer.display_uid}`, `${vars.amount}`, `${run.host}`. A string that is exactly one reference
 * takes the referenced value with its type; a reference inside a longer string is interpolated. `$${` writes
 * a literal `${`.
 */

export interface ReferenceScope {
  readonly steps: Readonly<Record<string, unknown>>;
  readonly fixtures: Readonly<Record<string, unknown>>;
  readonly vars: Readonly<Record<string, unknown>>;
  readonly run: Readonly<Record<string, unknown>>;
}

export const REFERENCE_ROOTS = ['steps', 'fixtures', 'vars', 'run'] as const;

/** A reference that cannot be resolved; `skippedStep` is set when it points at a step that was skipped. */
export class UnresolvedReference extends Error {
  constructor(
    message: string,
    readonly skippedStep?: string,
  ) {
    super(message);
  }
}

const WHOLE = /^\$\{([^}]+)\}$/;
const ANY = /\$?\$\{([^}]+)\}/g;

/** Splits `a.b[0].c` into ['a', 'b', '0', 'c']. */
export function parsePath(path: string): string[] {
  const parts: string[] = [];
  for (const segment of path.trim().split('.')) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(segment);
    if (match === null || (match[1] === '' && match[2] === '')) {
      throw new UnresolvedReference(`bad reference path '${path}'`);
    }
    if (match[1] !== '') parts.push(match[1] ?? '');
    for (const index of (match[2] ?? '').matchAll(/\[(\d+)\]/g)) parts.push(index[1] ?? '');
  }
  return parts;
}

/** Reads a path; `length` of an array or string is its length. Undefined when the path leads nowhere. */
export function readPath(value: unknown, parts: readonly string[]): { found: boolean; value: unknown } {
  let current = value;
  for (const part of parts) {
    if ((Array.isArray(current) || typeof current === 'string') && part === 'length') {
      current = current.length;
      continue;
    }
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) {
      return { found: false, value: undefined };
    }
    current = (current as Record<string, unknown>)[part];
  }
  return { found: true, value: current };
}

function lookup(expression: string, scope: ReferenceScope): unknown {
  // `${steps.snap.data.sn + 2}`: a number plus or minus a whole number, for sn arithmetic.
  const sum = /^(.*?)\s*([+-])\s*(\d+)$/.exec(expression);
  if (sum !== null) {
    const base = lookup(sum[1] ?? '', scope);
    if (typeof base !== 'number')
      throw new UnresolvedReference(`\${${expression}}: ${sum[1]} is not a number`);
    return sum[2] === '+' ? base + Number(sum[3]) : base - Number(sum[3]);
  }
  const parts = parsePath(expression);
  const [root, ...rest] = parts;
  if (root === undefined || !(REFERENCE_ROOTS as readonly string[]).includes(root)) {
    throw new UnresolvedReference(
      `\${${expression}}: unknown root '${root ?? ''}'; references start with ${REFERENCE_ROOTS.join(', ')}`,
    );
  }
  const base = scope[root as keyof ReferenceScope];
  if (root === 'steps') {
    const [stepId] = rest;
    const step = stepId === undefined ? undefined : base[stepId];
    if (stepId === undefined || step === undefined) {
      throw new UnresolvedReference(`\${${expression}}: no earlier step with id '${stepId ?? ''}'`);
    }
    if (step !== null && typeof step === 'object' && 'skipped' in step && step.skipped === true) {
      throw new UnresolvedReference(`\${${expression}}: step '${stepId}' was skipped`, stepId);
    }
  }
  const found = readPath(base, rest);
  if (!found.found) throw new UnresolvedReference(`\${${expression}}: nothing at that path`);
  return found.value;
}

/** Resolves every reference in a value (deeply); throws UnresolvedReference on the first it cannot resolve. */
export function resolveReferences<T>(value: T, scope: ReferenceScope): T {
  return resolveValue(value, scope) as T;
}

function resolveValue(value: unknown, scope: ReferenceScope): unknown {
  if (typeof value === 'string') return resolveString(value, scope);
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, scope));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveValue(v, scope)]));
  }
  return value;
}

function resolveString(text: string, scope: ReferenceScope): unknown {
  const whole = WHOLE.exec(text);
  if (whole?.[1] !== undefined) return lookup(whole[1], scope);
  return text.replace(ANY, (match: string, expression: string) => {
    if (match.startsWith('$$')) return match.slice(1);
    const value = lookup(expression, scope);
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  });
}

/** The step ids a value refers to, for checking a scenario before it runs. */
export function referencedSteps(value: unknown): string[] {
  const out = new Set<string>();
  const visit = (v: unknown): void => {
    if (typeof v === 'string') {
      for (const m of v.matchAll(ANY)) {
        if (m[0].startsWith('$$')) continue;
        const parts = (m[1] ?? '').split(/[.[]/);
        if (parts[0] === 'steps' && parts[1] !== undefined) out.add(parts[1]);
      }
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(visit);
  };
  visit(value);
  return [...out];
}
