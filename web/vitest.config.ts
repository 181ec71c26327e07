import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // A bound for a test that hangs, not a measure: jsdom renders are slow on a busy machine.
    testTimeout: 20_000,
  },
});
