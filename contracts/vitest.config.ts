import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contracts',
    // One module graph per worker: these files share no state through modules (each builds its own app,
    // server or clock, and puts fake timers back), so the registry, zod and Fastify load once, not per file.
    isolate: false,
    include: ['src/**/*.test.ts'],
    // A bound for a test that hangs, not a measure: the property and OpenAPI tests pass 5 s on a busy machine.
    testTimeout: 20_000,
  },
});
