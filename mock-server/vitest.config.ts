import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mock-server',
    // One module graph per worker, as the other Node projects (see contracts/vitest.config.ts).
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
