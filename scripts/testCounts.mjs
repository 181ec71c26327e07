// How `npm test` counts: every test once, whatever runs it, from the runners' JSON reports.
//
// - A test is named by its runner, file and full title (and, for Playwright, its project: the same spec on the
//   phone and on the desktop is two tests). The Vitest run under Node 24 runs the same tests again: they are
//   not counted again; a test that fails under either Node counts once, as failed.
// - A test that needed a retry (Playwright's "flaky") counts as failed: it did not pass when first asked.
// - A test file that failed with no failed test (it did not load, or a hook failed) is one failed test, named
//   after the file.
// - Skipped and todo tests are neither passed nor failed; they are counted apart.

/** @typedef {'passed' | 'failed' | 'skipped'} Outcome */

/** Adds `outcome` under `id`, numbering an id seen twice in one report (two tests of the same title). */
function put(map, id, outcome) {
  let key = id;
  for (let n = 2; map.has(key); n += 1) key = `${id} #${n}`;
  map.set(key, outcome);
}

/** Each test of a Vitest JSON report (`--reporter=json`) and its outcome, by `vitest › file › full title`. */
export function vitestOutcomes(report, root = '') {
  const outcomes = new Map();
  for (const file of report.testResults ?? []) {
    const name = root !== '' && file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const tests = file.assertionResults ?? [];
    for (const test of tests) {
      const title = [...(test.ancestorTitles ?? []), test.title].join(' › ');
      const outcome = test.status === 'passed' ? 'passed' : test.status === 'failed' ? 'failed' : 'skipped';
      put(outcomes, `vitest › ${name} › ${title}`, outcome);
    }
    // A file that failed with no failed test (it did not load, or a hook failed and its tests were skipped).
    if (file.status === 'failed' && !tests.some((test) => test.status === 'failed'))
      put(outcomes, `vitest › ${name} › (file)`, 'failed');
  }
  return outcomes;
}

/**
 * Each test of a Playwright JSON report and its outcome, by `playwright › project › file › titles`; a flaky
 * test (failed, then passed on a retry) is failed.
 */
export function playwrightOutcomes(report) {
  const outcomes = new Map();
  const walk = (suite, titles) => {
    const path = suite.title === '' || suite.title === suite.file ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const outcome =
          test.status === 'expected' ? 'passed' : test.status === 'skipped' ? 'skipped' : 'failed';
        put(
          outcomes,
          `playwright › ${test.projectName} › ${spec.file} › ${[...path, spec.title].join(' › ')}`,
          outcome,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? [])
    put(outcomes, `playwright › (run) › ${error.message ?? ''}`, 'failed');
  return outcomes;
}

/** A run's counts: passed, failed, skipped. */
export function countsOf(outcomes) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const outcome of outcomes.values()) counts[outcome] += 1;
  return counts;
}

/**
 * Every test of every run once: failed if it failed in any run, passed if it passed in every run that had it,
 * skipped otherwise. A test one run has and another lacks (a file that did not load under one Node) is
 * judged by the runs that have it; the run that lacks it fails through its own file entry or exit status.
 */
export function distinct(runs) {
  const all = new Map();
  for (const outcomes of runs)
    for (const [id, outcome] of outcomes) {
      const before = all.get(id);
      if (before === 'failed' || outcome === 'failed') all.set(id, 'failed');
      else if (before === 'passed' || outcome === 'passed') all.set(id, 'passed');
      else all.set(id, 'skipped');
    }
  return all;
}

/**
 * The failed tests of one run, as lines for the end of the log (where CI shows it), at most `limit` of them and
 * then how many more: a red run names what failed without scrolling through every runner's output.
 */
export function failedLines(label, outcomes, limit = 30) {
  const failed = [...outcomes].filter(([, outcome]) => outcome === 'failed').map(([id]) => id);
  const shown = failed.slice(0, limit).map((id) => `✘ ${label}: ${id}`);
  return failed.length > limit ? [...shown, `… and ${failed.length - limit} more failed in ${label}`] : shown;
}

/** The last line of `npm test` (skipped tests, if any, are on the line before it). */
export function summaryLine(counts) {
  return `tests: ${counts.passed} passed, ${counts.failed} failed`;
}
