// Integration test: the CLI talks HTTP, so it runs the mock behind a rewriting proxy on loopback, port 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';
import { check, only } from './support/contractCheck';
import { startRewritingBackend } from './support/rewritingBackend';

/**
 * A charge list whose every package the web app refuses (contracts/src/packageTerms.ts), nothing of it to
 * buy, though each answer has the schema's shape: `contract check` says the list disagrees, naming each
 * package and the rule it breaks, and a scenario step that reads the list fails.
 */
type Item = Record<string, unknown> & { recharge_id: string; amount: number; coin: number };
type Methods = { methods: { recharge_id: string }[] }[];

const BROKEN: readonly {
  name: string;
  change: (list: Item[]) => void;
  /** The field of the first package's problem, and what its line says. */
  field: string;
  says: RegExp;
}[] = [
  {
    name: 'every bonus 100 on top of a total that is all base',
    change: (list) => {
      for (const item of list) Object.assign(item, { extra_coin: 100, origin_coin: item.coin });
    },
    field: 'data.list.0.coin',
    says: /^package rc_099: coin 70 is not origin_coin 70 \+ extra_coin 100 = 170 .*\(rule coin-sum\)$/,
  },
  {
    name: 'every method ordering the next package',
    change: (list) => {
      list.forEach((item, i) => {
        const next = list[(i + 1) % list.length]?.recharge_id ?? '';
        for (const group of item.payItemDisplayMethods as Methods)
          for (const m of group.methods) m.recharge_id = next;
      });
    },
    field: 'data.list.0.payItemDisplayMethods.0.methods.0.recharge_id',
    says: /^package rc_099: its method ".+" \(subType \d+\) orders recharge_id rc_499, a package of other terms .*\(rule method-same-terms\)$/,
  },
  {
    name: 'every price 0.004 USD above',
    change: (list) => {
      for (const item of list) item.amount = Math.round((item.amount + 0.004) * 1000) / 1000;
    },
    field: 'data.list.0.amount',
    says: /^package rc_099: amount 0\.994 is not a USD price in whole cents .*\(rule whole-cents\)$/,
  },
];

/** The mock behind a proxy that changes every charge list it answers. */
const backendWith = (change: (list: Item[]) => void) =>
  startRewritingBackend((request) => request, {
    control: true,
    answer: (request, text) => {
      if (!request.url.pathname.startsWith('/api/third_party_pay/get_recharge_list_v3/')) return text;
      const body = JSON.parse(text) as { result: number; data?: { list?: Item[] } };
      if (body.result !== 0 || body.data?.list === undefined) return text;
      change(body.data.list);
      return JSON.stringify(body);
    },
  });

const dir = mkdtempSync(join(tmpdir(), 'topup-package-terms-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a charge list whose packages the app refuses', () => {
  it.each(BROKEN)(
    '$name: the contract check fails on getRechargeListV3',
    async ({ change, field, says }) => {
      const backend = await backendWith(change);
      try {
        const { code, report } = await check(backend.url, only('getRechargeListV3'));
        const list = report.calls.find((c) => c.call === 'getRechargeListV3');
        expect(list?.outcome).toBe('disagrees');
        const first = list?.problems.find((p) => p.field === field);
        expect(first?.message).toMatch(says);
        // Every package the visitor's list holds is named (rc_099 … rc_9999, seven or more).
        const named = new Set(list?.problems.map((p) => /^package (\S+):/.exec(p.message)?.[1]));
        expect(named.size).toBeGreaterThanOrEqual(7);
        expect(code).toBe(1);
      } finally {
        await backend.close();
      }
    },
    60_000,
  );

  it('fails the whole check under --writes on the list, as its one failing call', async () => {
    const backend = await backendWith((list) => BROKEN[0]?.change(list));
    try {
      const { code, report } = await check(backend.url, ['--writes']);
      const failing = report.calls.filter((c) => !['ok', 'refused', 'skipped'].includes(c.outcome));
      expect(failing.map((c) => `${c.call} ${c.outcome}`)).toEqual(['getRechargeListV3 disagrees']);
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  }, 120_000);

  it('fails a scenario step that reads the list', async () => {
    const broken = BROKEN[0];
    if (broken === undefined) throw new Error('no broken backend');
    const backend = await backendWith(broken.change);
    try {
      const io = captureIo();
      const args = ['scenario', 'run', 'packages-visitor-and-signed-in', '--target', backend.url, '--mock'];
      const code = await runCli(
        [...args, '--reporter', 'json', '--last-run-file', join(dir, 'last.json')],
        io,
      );
      const report = JSON.parse(io.stdout()) as {
        scenarios: { status: string; steps: { status: string; failures: string[] }[] }[];
      };
      expect(report.scenarios[0]?.status).toBe('failed');
      // The first step, the visitor's list, fails (the rest of the scenario is not run).
      const steps = report.scenarios[0]?.steps ?? [];
      expect(steps[0]?.status).toBe('failed');
      expect(steps[0]?.failures).toContainEqual(
        expect.stringMatching(
          /^contract: data\.list\.0\.coin: package rc_099: coin 70 is not origin_coin 70 \+ extra_coin 100/,
        ),
      );
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  }, 60_000);
});
