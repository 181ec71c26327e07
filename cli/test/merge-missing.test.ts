// `scenario merge` notices a scenario missing from a shard's report (deleted, or the report cut short): the
// merge fails naming it (each report lists its shard's scenarios), or by count against the selection's size.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';

const dir = mkdtempSync(join(tmpdir(), 'topup-merge-'));
const scenarios = join(dir, 'scenarios');
mkdirSync(scenarios);
for (const name of ['alpha', 'bravo', 'charlie', 'delta'])
  writeFileSync(
    join(scenarios, `${name}.yaml`),
    `version: 1\nname: ${name}\ndescription: the clock\ntags: []\nsteps:\n  - call: serverTime\n`,
  );
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Json = { scenarios: { name: string }[]; shard: { names?: string[] } };
const shardFile = (i: number) => join(dir, `shard-${i}.json`);
const original: string[] = [];

beforeAll(async () => {
  for (const i of [1, 2]) {
    const args = ['scenario', 'run', '--all', '--dir', scenarios, '--shard', `${i}/2`];
    expect(await runCli([...args, '--reporter', 'json', '--out', shardFile(i)], captureIo())).toBe(0);
    original.push(readFileSync(shardFile(i), 'utf8'));
  }
});

const rows: readonly { what: string; edit: (report: Json) => void; code: number; says?: RegExp }[] = [
  { what: 'every shard whole', edit: () => undefined, code: 0 },
  {
    what: 'a scenario deleted from a shard',
    edit: (r) => r.scenarios.splice(1, 1),
    code: 1,
    says: /shard-1\.json \(shard 1\/2\) lacks 1 scenario its shard selected: bravo/,
  },
  {
    what: 'a scenario deleted from a report that does not list its shard (older topup)',
    edit: (r) => {
      r.scenarios.splice(0, 1);
      delete r.shard.names;
    },
    code: 1,
    says: /the reports hold 3 of the selection's 4 scenarios: 1 scenario missing from the merge/,
  },
  {
    what: "a copy of another shard's scenario",
    edit: (r) => r.scenarios.push((JSON.parse(original[1] ?? '') as Json).scenarios[0] ?? { name: '' }),
    code: 1,
    says: /shard-1\.json \(shard 1\/2\) holds 1 scenario its shard did not select: charlie[\s\S]*1 scenario in more than one shard's report: charlie \(.*shard-1\.json, .*shard-2\.json\)/,
  },
  {
    what: 'a shard cut with another shard count',
    edit: (r) => Object.assign(r.shard, { total: 3 }),
    code: 1,
    says: /shard-2\.json is shard 2\/2, but .*shard-1\.json is shard 1\/3: the shard counts differ \(2 and 3\)/,
  },
];

describe('scenario merge counts the selection', () => {
  it.each(rows)('$what → exit $code', async ({ edit, code, says }) => {
    const report = JSON.parse(original[0] ?? '') as Json;
    edit(report);
    writeFileSync(shardFile(1), JSON.stringify(report));
    writeFileSync(shardFile(2), original[1] ?? '');
    const io = captureIo();
    expect(await runCli(['scenario', 'merge', shardFile(1), shardFile(2)], io)).toBe(code);
    if (says === undefined) {
      expect(io.stdout()).toContain('PASSED 4 scenarios');
      return;
    }
    expect(io.stderr()).toMatch(says);
    expect(io.stdout()).toMatch(/FAILED: 0 of \d scenarios failed against .* \(not run: /);
    expect(io.stdout()).toMatch(says);
  });
});
