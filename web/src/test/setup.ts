/**
 * Testing Library's findBy* and waitFor wait for a condition, up to `asyncUtilTimeout` (1 s by default). On a
 * busy machine a file's first render alone can take longer than that. The waits are for what the page does, not for time, so a longer bound loosens no check: it only keeps
 * a busy machine from failing them. `npm test` beside a CPU hog (README, Tests) holds this.
 */
if (typeof document !== 'undefined') {
  // Only where there is a page: the logic tests (`@vitest-environment node`) need none of React's DOM.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
