import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    // One module graph per worker, as the other Node projects (see contracts/vitest.config.ts).
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // A bound for a test that hangs, not a measure: tests that start the CLI through tsx take 20 s and more
    // beside a CPU hog (npm run test:busy); the compiled CLI starts faster.
    testTimeout: 60_000,
    // Starting a mock or two in a beforeAll takes seconds when the machine's CPU is busy.
    hookTimeout: 30_000,
    globalSetup: ['./vitest.setup.ts'],
  },
});
