import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contracts',
    include: ['src/**/*.test.ts'],
    // A bound for a test that hangs, not a measure: the property and OpenAPI tests pass 5 s on a busy machine.
    testTimeout: 20_000,
  },
});
