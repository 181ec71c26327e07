import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['contracts', 'mock-server', 'cli', 'web', 'scripts'],
    passWithNoTests: true,
  },
});
