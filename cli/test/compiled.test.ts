import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the binary, without types
import { distIsCurrent } from '../bin/dist.mjs';
import { runBin } from './support/bin';

const repo = mkdtempSync(join(tmpdir(), 'topup-dist-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));

/** A checkout with one source and a dist/ stamped as built from it at `builtAt`. */
function checkout(builtAt: number, stampRepo = repo): string {
  const cli = join(repo, 'cli');
  mkdirSync(join(cli, 'src'), { recursive: true });
  mkdirSync(join(cli, 'dist'), { recursive: true });
  writeFileSync(join(cli, 'src', 'main.ts'), 'export {};\n');
  utimesSync(join(cli, 'src', 'main.ts'), 1_000, 1_000);
  writeFileSync(
    join(cli, 'dist', 'inputs.json'),
    JSON.stringify({ repo: stampRepo, inputs: [{ file: 'cli/src/main.ts', mtimeMs: builtAt }] }),
  );
  return cli;
}

describe('the compiled topup', () => {
  it('runs dist/ only when it was built here from the sources as they are', () => {
    expect(distIsCurrent(checkout(1_000_000))).toBe(true);
    expect(distIsCurrent(checkout(999_999))).toBe(false); // a source edited after the build
    expect(distIsCurrent(checkout(1_000_000, '/elsewhere'))).toBe(false); // built in another checkout
    rmSync(join(repo, 'cli', 'dist'), { recursive: true });
    expect(distIsCurrent(join(repo, 'cli'))).toBe(false); // never built
  });

  it('is current after the build the tests run first, so the binary runs it', async () => {
    expect(distIsCurrent(fileURLToPath(new URL('..', import.meta.url)))).toBe(true);
    const result = await runBin(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: topup');
  });
});
