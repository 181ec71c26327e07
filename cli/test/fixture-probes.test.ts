// Integration test: contract check against the mock (no control API) behind a proxy that answers the accounts
// and fines TESTDATA fixes wrongly, one way per case (a guest not a guest, a banned user row not banned, a paid
// fine unpaid, a fine for another account). The check asks only account.reem and fine.outstanding by its plan,
// so each is caught by asking the fixtures' other entries again (probes.ts). A fine in another currency is
// outside the contract itself (drift).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { startMock } from '../src/commands/mockServer';
import { startAlteredBackend } from './support/alteredBackend';
import { captureIo } from './support/capture';
import { check, FIXTURES, only, onPath, user } from './support/contractCheck';

const cases = [
  {
    name: 'a guest answered is_guest false',
    alter: onPath('check_display_id', (d) => {
      if (d.display_id === '10000006') d.is_guest = false;
    }),
    calls: ['checkDisplayId'],
    field: 'data.is_guest',
    says: `asked for the fixtures' account.guest (display id "10000006"), it answered is_guest false`,
  },
  {
    name: 'the banned account answered user status 0',
    alter: onPath('check_uid', (d) => {
      if (user(d).uid === 1003) user(d).status = 0;
    }),
    calls: ['checkUid', 'checkUidPost'],
    field: 'data.user.status',
    says: `asked for the fixtures' account.banned (uid 1003), it answered user.status 0`,
  },
  {
    name: 'the paid fine answered unpaid',
    alter: onPath('get_fine_info', (d) => {
      if (d.id === 7002) d.status = 'unpaid';
    }),
    calls: ['getFineInfo'],
    field: 'data.status',
    says: `asked for the fixtures' fine.paid (id 7002), it answered status "unpaid"`,
  },
  {
    name: "the outstanding fine answered as another account's",
    alter: onPath('get_fine_info', (d) => {
      if (d.id === 7001) Object.assign(d, { uid: 1002, display_uid: '10000002' });
    }),
    calls: ['getFineInfo'],
    field: 'data.uid',
    says: `answered 1002, but the fixtures' fine.outstanding.uid is 1009`,
  },
] as const;

describe('contract check asks the accounts and fines TESTDATA fixes, not only account.reem', () => {
  it.each(cases)('fails $name', async ({ alter, calls, field, says }) => {
    const backend = await startAlteredBackend(alter);
    try {
      const { code, report } = await check(backend.url, only(...calls));
      for (const call of calls) {
        const judged = report.calls.find((c) => c.call === call);
        expect(judged?.outcome, call).toBe('disagrees');
        expect(judged?.problems).toContainEqual({
          kind: 'meaning',
          field,
          message: expect.stringContaining(says),
        });
      }
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  });
});

// A fine is USD by the contract (contracts/api/fines.ts, TESTDATA Fines): a fine in EUR is drift, outside the
// schema (it was a 'meaning' disagreement of the probes while the contract allowed any currency).
it('fails a fine in EUR: outside the contract', async () => {
  const backend = await startAlteredBackend(
    onPath('get_fine_info', (d) => {
      d.currency = 'EUR';
    }),
  );
  try {
    const { code, report } = await check(backend.url, only('getFineInfo'));
    const judged = report.calls.find((c) => c.call === 'getFineInfo');
    expect(judged?.outcome).toBe('drift');
    expect(judged?.problems).toContainEqual(
      expect.objectContaining({ kind: 'data', field: 'data.currency' }),
    );
    expect(code).toBe(1);
  } finally {
    await backend.close();
  }
});

describe('a fixtures file without those entries', () => {
  const dir = mkdtempSync(join(tmpdir(), 'topup-fixture-probes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says what was not checked, in the table and the JSON report', async () => {
    const file = join(dir, 'fixtures.yaml');
    const kept = readFileSync(FIXTURES, 'utf8')
      .split('\n')
      .filter((line) => !/^ {2}(account\.guest|account\.banned|fine\.paid):/.test(line))
      .map((line) =>
        line.startsWith('  fine.outstanding:') ? '  fine.outstanding: { id: 7001, amount: 4.99 }' : line,
      );
    writeFileSync(file, kept.join('\n'));
    const mock = await startMock({ control: false });
    try {
      const args = ['contract', 'check', '--target', mock.target.baseUrl, '--fixtures', file];
      const selected = only('checkDisplayId', 'checkUid', 'getFineInfo');
      const io = captureIo();
      expect(await runCli([...args, ...selected], io)).toBe(0);
      expect(io.stdout()).toContain('Not checked (the fixtures lack the values to ask):');
      for (const line of [
        'checkDisplayId: a guest answered is_guest true: the fixtures give no account.guest.display_uid to ask for',
        'checkDisplayId: a banned account refused with 20001: the fixtures give no account.banned.display_uid',
        "checkUid: a banned account's user status 2: the fixtures give no account.banned.uid to ask for",
        "getFineInfo: fine.outstanding's account: the fixtures give no fine.outstanding.uid",
        "getFineInfo: fine.outstanding's currency: the fixtures give no fine.outstanding.currency",
        'getFineInfo: a paid fine answered paid: the fixtures give no fine.paid.id to ask for',
      ])
        expect(io.stdout()).toContain(line);
      const json = captureIo();
      await runCli([...args, ...selected, '--reporter', 'json'], json);
      const report = JSON.parse(json.stdout()) as { calls: { call: string; notChecked?: string[] }[] };
      expect(report.calls.find((c) => c.call === 'checkUid')?.notChecked).toHaveLength(1);
    } finally {
      await mock.close();
    }
  });

  /** The mock's fixtures file with one line changed (the fixture named `name`). */
  const changed = (name: string, line: string): string => {
    const file = join(dir, `${name}.yaml`);
    const lines = readFileSync(FIXTURES, 'utf8').split('\n');
    writeFileSync(file, lines.map((l) => (l.startsWith(`  ${name}:`) ? line : l)).join('\n'));
    return file;
  };

  it('that contradicts TESTDATA on a fine says to check the fixtures, not the backend', async () => {
    const file = changed(
      'fine.paid',
      '  fine.paid: { id: 7002, uid: 1002, display_uid: "10000002", currency: EUR }',
    );
    const mock = await startMock({ control: false });
    try {
      const args = ['contract', 'check', '--target', mock.target.baseUrl, '--fixtures', file];
      const io = captureIo();
      expect(await runCli([...args, ...only('getFineInfo')], io)).toBe(1);
      expect(io.stdout()).toContain(
        'the fixtures file says fine.paid.currency "EUR"; TESTDATA says fine 7002\'s currency is "USD": check the fixtures (the backend answered "USD")',
      );
      expect(io.stdout()).not.toContain('whose currency is "EUR"');
    } finally {
      await mock.close();
    }
  });

  it('whose guest is not a guest is refused, exit 2', async () => {
    const file = changed(
      'account.guest',
      '  account.guest: { uid: 1006, display_uid: "10000006", is_guest: false }',
    );
    const io = captureIo();
    expect(await runCli(['contract', 'check', '--target', 'mock', '--fixtures', file], io)).toBe(2);
    expect(io.stderr()).toContain(`invalid fixtures file ${file}`);
    expect(io.stderr()).toContain(
      'fixtures.account.guest.is_guest: a guest has is_guest true (TESTDATA Accounts), got false',
    );
    expect(io.stdout()).toBe('');
  });
});
