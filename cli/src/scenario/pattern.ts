import { RE2JS } from 're2js';

/**
 * `$matches` patterns run on RE2 (re2js): a match takes time linear in the text whatever the pattern, so a
 * pattern from a scenario or a reference (`^(.+)+XYZ$`, `(a|aa)+$`) can never hold a core, as it could with
 * JavaScript's backtracking RegExp, whose match cannot be interrupted. RE2's syntax is JavaScript's less
 * lookaround and backreferences; a pattern using them is refused, saying so.
 */
function compiled(source: string): RE2JS | string {
  try {
    return RE2JS.compile(source);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `not a regular expression this tool runs (RE2 syntax: no lookaround, no backreferences): ${JSON.stringify(source)}: ${reason}`;
  }
}

/** Why a `$matches` pattern cannot be used, or undefined when it can. */
export function patternProblem(source: string): string | undefined {
  const pattern = compiled(source);
  return typeof pattern === 'string' ? pattern : undefined;
}

/** Whether `text` holds a match of `source` (anywhere, as RegExp.test); false for a pattern that is refused. */
export function patternMatches(source: string, text: string): boolean {
  const pattern = compiled(source);
  return typeof pattern !== 'string' && pattern.matcher(text).find();
}
