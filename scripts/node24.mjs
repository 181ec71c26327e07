// Which Vitest projects `npm test` runs again under Node 24 (scripts/test-all.mjs, step 3).

/**
 * The projects whose code people run on a Node of their own: the mock server (`npm start`, a QA machine) and
 * the `topup` CLI (QA, CI against a real backend). The contracts' code runs inside both, under that Node, in
 * their tests; the scripts are this repository's own tooling, run by the Node that runs `npm test`; the web
 * project runs in jsdom. Those three run once: CI's 20 minutes hold no more.
 */
export const NODE_SIDE_PROJECTS = ['mock-server', 'cli'];

/**
 * The Vitest arguments of the Node 24 run: the caller's, limited to the Node-side projects unless the caller
 * chose projects (`--project x` or `--project=x`) themselves.
 * @param {readonly string[]} args
 * @returns {string[]}
 */
export function node24Args(args) {
  const chosen = args.some((a) => a === '--project' || a.startsWith('--project='));
  return chosen ? [...args] : [...NODE_SIDE_PROJECTS.flatMap((p) => ['--project', p]), ...args];
}
