// Which Vitest projects `npm test` runs again under Node 24 (scripts/test-all.mjs, step 3).

/** The Node-side projects: what they test runs on Node itself. The web project runs in jsdom, once. */
export const NODE_SIDE_PROJECTS = ['contracts', 'mock-server', 'cli', 'scripts'];

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
