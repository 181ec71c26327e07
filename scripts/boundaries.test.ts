import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Integration test: it runs Biome as a process (no port) over a small tree of files laid out like the repo,
 * linted with the repo's own biome.json, and checks that lint fails on a feature importing another feature's
 * files (every feature, pay and fines included: no exception), on a circle of imports (dynamic ones too) and on
 * a source file over 300 lines, and passes what is allowed beside them.
 */
const root = join(import.meta.dirname, '..');
const biome = join(root, 'node_modules', '.bin', 'biome');
let work: string;

/** The repo's config, read where the fixtures are: no VCS (a temp folder is no repository). */
function copyConfig(name: string): void {
  const text = readFileSync(join(root, name), 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const config = JSON.parse(text) as Record<string, unknown>;
  delete config.$schema;
  if (name === 'biome.json') config.vcs = { enabled: false };
  writeFileSync(join(work, name), JSON.stringify(config));
}

function write(path: string, text: string): void {
  mkdirSync(dirname(join(work, path)), { recursive: true });
  writeFileSync(join(work, path), text);
}

/** Each diagnostic as `file rule`, e.g. `web/src/features/home/Cross.ts lint/style/noRestrictedImports`. */
function lint(config: string): string[] {
  const out = spawnSync(biome, ['lint', `--config-path=${config}`, '--max-diagnostics=100', 'web'], {
    cwd: work,
    encoding: 'utf8',
  });
  const text = `${out.stdout}\n${out.stderr}`;
  return [...text.matchAll(/^(\S+):\d+:\d+ (lint\/\S+)/gm)].map((m) => `${m[1]} ${m[2]}`).sort();
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'topup-boundaries-'));
  copyConfig('biome.json');
  write('web/src/features/recharge/state.ts', 'export const s = 1;\n');
  write('web/src/features/recharge/index.ts', "export { s } from './state';\n");
  write('web/src/api/instance.ts', 'export const i = 1;\n');
  write('web/src/features/home/Cross.ts', "import { s } from '../recharge/state';\n\nexport const a = s;\n");
  write(
    'web/src/features/home/Long.ts',
    "import { s } from '../../features/recharge/state';\n\nexport const b = s;\n",
  );
  write(
    'web/src/features/home/Allowed.ts',
    "import { i } from '../../api/instance';\nimport { s } from '../recharge';\n\nexport const c = i + s;\n",
  );
  write('web/src/features/pay/Pay.ts', "import { s } from '../recharge/state';\n\nexport const d = s;\n");
  write('web/src/features/fines/Fine.ts', "export const g = () => import('../pay/Pay');\n");
  write('web/src/payments/shared.ts', 'export const h = 1;\n');
  write(
    'web/src/features/fines/Shared.ts',
    "import { h } from '../../payments/shared';\n\nexport const j = () => h + 1;\n",
  );
  write('web/src/ui/e.ts', "export const k = () => import('./f');\n");
  write('web/src/ui/f.ts', "import { k } from './e';\n\nexport const l = k;\n");
  write('web/src/api/c.ts', "import { e } from './d';\n\nexport const f = e;\n");
  write('web/src/api/d.ts', "import { f } from './c';\n\nexport const e = () => f;\n");
  const lines = Array.from({ length: 301 }, (_, n) => `export const v${n} = ${n};`).join('\n');
  write('web/src/api/long.ts', `${lines}\n`);
  write('web/src/api/long.test.ts', `${lines}\n`);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run lint (biome.json)', () => {
  it("fails on another feature's files, a circle and a long source file; passes an index, payments/, a test", () => {
    expect(lint('biome.json')).toEqual([
      'web/src/api/c.ts lint/suspicious/noImportCycles',
      'web/src/api/d.ts lint/suspicious/noImportCycles',
      'web/src/api/long.ts lint/style/noExcessiveLinesPerFile',
      'web/src/features/fines/Fine.ts lint/style/noRestrictedImports',
      'web/src/features/home/Cross.ts lint/style/noRestrictedImports',
      'web/src/features/home/Long.ts lint/style/noRestrictedImports',
      'web/src/features/pay/Pay.ts lint/style/noRestrictedImports',
      'web/src/ui/e.ts lint/suspicious/noImportCycles',
      'web/src/ui/f.ts lint/suspicious/noImportCycles',
    ]);
  });
});
