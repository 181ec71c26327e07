import safeRegex from 'safe-regex2';

/**
 * Why a `$matches` pattern cannot be used, or undefined when it can. A pattern is refused when it is no
 * regular expression, or when it nests one repetition in another (`(.+)+`, `(a*)*`) or repeats more than 25
 * times: such a pattern can take exponential time on a short answer (`^(.+)+XYZ$` held a core for minutes on
 * 35 characters), and a match cannot be interrupted. The check is safe-regex2's (star height and repetition
 * count); a pattern it passes runs in the time of an ordinary match.
 */
export function patternProblem(source: string): string | undefined {
  try {
    new RegExp(source, 'u');
  } catch {
    return `not a regular expression: ${JSON.stringify(source)}`;
  }
  if (!safeRegex(source))
    return `${JSON.stringify(source)} can take exponential time (a repetition inside a repetition, such as (.+)+, or more than 25 repetitions); write it without the nested repetition`;
  return undefined;
}
