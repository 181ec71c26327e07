import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'scripts',
    // One module graph per worker, as the other Node projects (see contracts/vitest.config.ts).
    isolate: false,
    include: ['*.test.ts'],
    // The `npm start` test clones the repo and builds the web app on a shared, busy machine.
    testTimeout: 20_000,
  },
});
