import { spawn } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Integration test: it runs Playwright's CLI as processes (no browser, no web build, no port).
 *
 * The e2e suite's sharding as the root README documents it, end to end: the real e2e/playwright.config.ts
 * (its reporters, with the blob reporter switched on by PLAYWRIGHT_BLOB_OUTPUT_DIR) runs a tiny spec set in
 * 2 shards, each into its own blob folder, as two CI jobs would; the blobs are gathered into one folder and
 * `playwright merge-reports` joins them into HTML, JUnit and JSON. The specs use no page, so no browser starts.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(root, 'node_modules', '@playwright', 'test', 'cli.js');
// Inside the repository, so the specs resolve @playwright/test (Playwright ignores node_modules folders).
const work = mkdtempSync(join(root, 'e2e', '.shards-'));
const TITLES = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];

function playwright(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: root,
      env: { ...process.env, E2E_SKIP_BUILD: '1', CI: '', FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    // Bounded: a hang fails the test rather than CI.
    const limit = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, out });
    });
  });
}

interface JsonSuite {
  readonly specs?: { readonly title: string; readonly ok: boolean }[];
  readonly suites?: JsonSuite[];
}
const specsOf = (file: string): { title: string; ok: boolean }[] => {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { suites: JsonSuite[] };
  const walk = (s: JsonSuite): { title: string; ok: boolean }[] => [
    ...(s.specs ?? []).map((x) => ({ title: x.title, ok: x.ok })),
    ...(s.suites ?? []).flatMap(walk),
  ];
  return report.suites.flatMap(walk);
};

describe('e2e sharding with blob reports and merge-reports', () => {
  beforeAll(() => {
    mkdirSync(join(work, 'specs'));
    // The real config, with this folder's specs, no web build and one project.
    writeFileSync(
      join(work, 'playwright.config.ts'),
      [
        "import base from '../playwright.config';",
        'export default {',
        '  ...base,',
        "  testDir: './specs',",
        '  globalSetup: undefined,',
        "  outputDir: './test-results',",
        "  projects: (base.projects ?? []).filter((p) => p.name === 'mobile'),",
        '};',
        '',
      ].join('\n'),
    );
    for (const [i, title] of TITLES.entries()) {
      writeFileSync(
        join(work, 'specs', `${title}.spec.ts`),
        `import { expect, test } from '@playwright/test';\n\ntest('${title}', () => {\n  expect(${i} + 1).toBe(${i + 1});\n});\n`,
      );
    }
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('runs 2 shards into blob reports and merges them into one report of every test, each once', async () => {
    const shards: string[][] = [];
    for (const shard of [1, 2]) {
      const run = await playwright(
        [
          'test',
          '-c',
          join(work, 'playwright.config.ts'),
          '--project=mobile',
          `--shard=${shard}/2`,
          '--workers=1',
        ],
        {
          PLAYWRIGHT_BLOB_OUTPUT_DIR: join(work, `blob-${shard}`),
          PLAYWRIGHT_JSON_OUTPUT_NAME: join(work, `shard-${shard}.json`),
        },
      );
      expect([shard, run.code, run.code === 0 ? '' : run.out]).toEqual([shard, 0, '']);
      shards.push(specsOf(join(work, `shard-${shard}.json`)).map((s) => s.title));
      // The artifact a CI job uploads: one zip in its blob folder.
      const zips = readdirSync(join(work, `blob-${shard}`)).filter((f) => f.endsWith('.zip'));
      expect(zips).toHaveLength(1);
      mkdirSync(join(work, 'all-blob-reports'), { recursive: true });
      for (const zip of zips)
        copyFileSync(join(work, `blob-${shard}`, zip), join(work, 'all-blob-reports', zip));
    }
    // Each shard ran a part, the parts do not overlap, and together they are the whole set.
    expect(shards[0]?.length).toBeGreaterThan(0);
    expect(shards[1]?.length).toBeGreaterThan(0);
    expect([...(shards[0] ?? []), ...(shards[1] ?? [])].sort()).toEqual([...TITLES].sort());

    const merged = await playwright(
      [
        'merge-reports',
        '-c',
        join(work, 'playwright.config.ts'),
        '--reporter',
        'html,junit,json',
        join(work, 'all-blob-reports'),
      ],
      {
        PLAYWRIGHT_HTML_OUTPUT_DIR: join(work, 'html'),
        PLAYWRIGHT_HTML_OPEN: 'never',
        PLAYWRIGHT_JUNIT_OUTPUT_NAME: join(work, 'merged.xml'),
        PLAYWRIGHT_JSON_OUTPUT_NAME: join(work, 'merged.json'),
      },
    );
    expect([merged.code, merged.code === 0 ? '' : merged.out]).toEqual([0, '']);
    const specs = specsOf(join(work, 'merged.json'));
    expect(specs.map((s) => s.title).sort()).toEqual([...TITLES].sort());
    expect(specs.every((s) => s.ok)).toBe(true);
    const junit = readFileSync(join(work, 'merged.xml'), 'utf8');
    expect(junit).toMatch(new RegExp(`<testsuites[^>]* tests="${TITLES.length}"[^>]* failures="0"`));
    expect(readdirSync(join(work, 'html'))).toContain('index.html');
  }, 240_000);
});
