import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/bin';

/** Every TypeScript source file under a folder (dependencies and builds left out). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', '.tsbuild'].includes(entry.name) ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("zod's internals", () => {
  it('are read nowhere in the CLI, the contracts or the mock: only the public def and toJSONSchema', () => {
    const internal = /\._zod\b/;
    const readers = ['cli', 'contracts', 'mock-server']
      .flatMap((pkg) => sources(join(REPO_ROOT, pkg)))
      .filter((file) => !file.endsWith('zodInternals.test.ts') && internal.test(readFileSync(file, 'utf8')));
    expect(readers).toEqual([]);
  });
});
