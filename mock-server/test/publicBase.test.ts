import { SimulatorPath } from '@topup/contracts/simulators';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type RunningMock, startMockServer } from '../src/server';
import { callInject, okData } from './support/inject';
import { coinOrder, DEVICE, decide, NOW } from './support/payments';

/** Every URL the mock answers is built from its public base, never from `Host`. */

const EVIL = { host: 'evil.example' };

async function hostedOrder(app: FastifyInstance, headers: Record<string, string>) {
  const created = await callInject(app, 'createCoinPay', coinOrder({ pay_type: 28 }), {
    ...headers,
    'x-device-token': DEVICE,
  });
  return okData('createCoinPay', created);
}

describe('with a configured public base', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ now: NOW, publicBase: 'http://localhost:5173' });
  });
  afterAll(() => app.close());

  it('builds the hosted page and its return on the public base whatever Host says', async () => {
    const created = await hostedOrder(app, EVIL);
    expect(new URL(created.url).origin).toBe('http://localhost:5173');
    const back = await decide(app, SimulatorPath.hostedPay, created.order_id, 'pay');
    expect(back.origin).toBe('http://localhost:5173');
  });

  it('lists backup domains of the public base, not of Host', async () => {
    const answer = await callInject(app, 'backupDomains', {}, EVIL);
    expect(JSON.stringify(answer.data)).not.toContain('evil.example');
  });
});

describe('without one, on a loopback listener', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMockServer({ now: NOW });
  });
  afterAll(() => mock.close());

  it('answers a hostile Host with its own address, so the hosted page cannot redirect away', async () => {
    const created = await hostedOrder(mock.app, EVIL);
    expect(new URL(created.url).origin).toBe(mock.url);
    const back = await decide(mock.app, SimulatorPath.hostedPay, created.order_id, 'pay');
    expect(back.origin).toBe(mock.url);
    const domains = await callInject(mock.app, 'backupDomains', {}, EVIL);
    expect(JSON.stringify(domains.data)).not.toContain('evil.example');
  });

  it('keeps the loopback name the visitor used, on its own port', async () => {
    const port = new URL(mock.url).port;
    const created = await hostedOrder(mock.app, { host: `localhost:${port}` });
    expect(new URL(created.url).origin).toBe(`http://localhost:${port}`);
    const otherPort = await hostedOrder(mock.app, {
      host: `localhost:${Number(port) === 1 ? 2 : Number(port) - 1}`,
    });
    expect(new URL(otherPort.url).origin).toBe(mock.url);
  });
});
