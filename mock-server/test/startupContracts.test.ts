import { type CallName, registry } from '@topup/contracts';
import { startCalls } from '@topup/contracts/startup/calls';
import { disagreements } from '@topup/contracts/startup/mirror';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { buildApp } from '../src/app';
import { callInject, type InjectedEnvelope, sessionHeader } from './support/inject';

/**
 * Issue 16: the web app's first load checks the start-up calls' answers with zod-free checkers
 * (contracts/src/startup/). On the mock's real answers, and on every mutation of them, they accept and
 * refuse what the registry's zod schemas do and give the same output.
 */

const NOW = new Date('2026-11-21T09:00:00Z');
const DEVICE = 'h5_0123456789abcdef0123456789abcdef';

describe("the start-up checkers on the mock's own answers", () => {
  let app: FastifyInstance;
  const answers = new Map<keyof typeof startCalls, unknown[]>();

  const keep = (name: keyof typeof startCalls, envelope: InjectedEnvelope) => {
    expect(envelope.result, `${name}: ${envelope.message}`).toBe(0);
    answers.set(name, [...(answers.get(name) ?? []), envelope.data]);
  };

  beforeAll(async () => {
    app = await buildApp({ now: NOW });
    keep('config', await callInject(app, 'config', { channel: 'app_pkg_info' }));
    for (const [uid, sessionKey] of [
      [1002, undefined],
      [1002, 'sk-10000001'],
      [1010, 'sk-10000010'],
    ] as const) {
      const params = { uid, source: 1 as const, h5_deviceid: DEVICE };
      keep(
        'getRechargeListV3',
        await callInject(
          app,
          'getRechargeListV3',
          sessionKey === undefined ? params : { ...params, session_key: sessionKey },
        ),
      );
    }
    const signedIn = sessionHeader('sk-10000001');
    keep(
      'uploadRechargeFillRecord',
      await callInject(
        app,
        'uploadRechargeFillRecord',
        {
          session_key: 'sk-10000001',
          h5_deviceid: DEVICE,
          records: [{ to_uid: 1002, uid: 1001, fill_times: 2, last_fill_time: 1_763_700_000 }],
        },
        signedIn,
      ),
    );
    keep(
      'rechargeFillRecord',
      await callInject(
        app,
        'rechargeFillRecord',
        { session_key: 'sk-10000001', h5_deviceid: DEVICE, offset: 0, limit: 100 },
        signedIn,
      ),
    );
    keep('backupDomains', await callInject(app, 'backupDomains', {}));
    keep('hii', await callInject(app, 'hii', {}));
    keep('position', await callInject(app, 'position', {}));
    for (const sessionKey of ['sk-10000001', 'sk-10000010'])
      keep(
        'getPayUserInfo',
        await callInject(app, 'getPayUserInfo', { session_key: sessionKey }, sessionHeader(sessionKey)),
      );
    keep(
      'batchRequest',
      await callInject(app, 'batchRequest', {
        async: true,
        timeout: 5000,
        header: {},
        requests: [
          { id: '0', method: 'POST', path: '/api/sys/config/', params: { channel: 'app_pkg_info' } },
          {
            id: '1',
            method: 'POST',
            path: '/api/third_party_pay/get_recharge_list_v3/',
            params: { uid: '1002', source: '1', h5_deviceid: DEVICE },
          },
        ],
      }),
    );
  });
  afterAll(() => app.close());

  it.each(Object.keys(startCalls) as (keyof typeof startCalls)[])(
    "%s: the same verdict and output as the registry's schema",
    (name) => {
      const real = answers.get(name) ?? [];
      expect(real.length).toBeGreaterThan(0);
      const schema = registry[name as CallName].data as z.ZodMiniType;
      for (const answer of real) expect(schema.safeParse(answer).success).toBe(true);
      expect(disagreements(schema, startCalls[name].data, real)).toEqual([]);
    },
  );

  it("a batch's inner answers are envelopes the start checkers read as zod does", () => {
    const batch = answers.get('batchRequest')?.[0] as Record<string, string>;
    const list = JSON.parse(batch['1'] ?? '{}') as { result: number; data: unknown };
    expect(list.result).toBe(0);
    expect(
      disagreements(registry.getRechargeListV3.data, startCalls.getRechargeListV3.data, [list.data]),
    ).toEqual([]);
  });
});
