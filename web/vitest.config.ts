import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'jsdom',
    // Each file in its own VM context, as isolated as before (its own module graph, its own jsdom), inside a
    // worker that stays: in the default forks pool each file's process loaded jsdom anew, most of this project's
    // time (CI's "environment 55 s"). The files and what they check are unchanged.
    pool: 'vmThreads',
    setupFiles: ['src/test/setup.ts'],
    // A bound for a test that hangs, not a measure: jsdom renders are slow on a busy machine.
    testTimeout: 20_000,
  },
});
