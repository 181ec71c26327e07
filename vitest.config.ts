import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['contracts', 'mock-server', 'cli', 'web', 'scripts'],
    passWithNoTests: true,
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores, one test file at a time, while
    // the CLI's and the mock's files spend much of their time waiting on a subprocess or a socket. Two
    // files at once (paired runs on the busy 2-core machine: cli 194 -> 166 s, mock-server 248 -> 202 s;
    // jsdom's CPU-bound files the same either way); more cores keep Vitest's own default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
