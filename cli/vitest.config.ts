import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    // Starting a mock or two in a beforeAll takes seconds when the machine's CPU is busy.
    hookTimeout: 30_000,
    globalSetup: ['./vitest.setup.ts'],
  },
});
