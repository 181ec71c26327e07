/** Edit distance with a swap of two neighbours counting one (optimal string alignment), for "did you mean". */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      const row = d[i];
      if (row !== undefined) row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** `; did you mean X?` for the closest choice, when it is close (a third of the word's letters at most). */
export function didYouMean(word: string, choices: readonly string[]): string {
  const best = choices
    .map((c) => ({ c, d: distance(word.toLowerCase(), c.toLowerCase()) }))
    .sort((x, y) => x.d - y.d)[0];
  return best !== undefined && best.d <= Math.max(1, Math.floor(word.length / 3))
    ? `; did you mean ${best.c}?`
    : '';
}
