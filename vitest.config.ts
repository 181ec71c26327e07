import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['contracts', 'mock-server', 'cli', 'web', 'scripts'],
    passWithNoTests: true,
    // At least two files at once: the CLI's and the mock's files mostly wait on a subprocess or a socket, so
    // Vitest's default (cores - 1) would run one at a time on CI's 2 cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
