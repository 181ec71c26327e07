import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contracts',
    // One module graph per worker, not one per test file (Vitest's `isolate: false`): these files share no state
    // through modules (each builds its own app, server or clock, and puts fake timers back), and importing the
    // registry, zod and Fastify again for every file was a third of the run (148 -> 94 s for the four Node
    // projects; CI runs them twice). The web project keeps isolation: its files share jsdom and React state.
    isolate: false,
    include: ['src/**/*.test.ts'],
    // A bound for a test that hangs, not a measure: the property and OpenAPI tests pass 5 s on a busy machine.
    testTimeout: 20_000,
  },
});
