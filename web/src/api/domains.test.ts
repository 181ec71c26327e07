import { describe, expect, it } from 'vitest';
import { everyContract } from '../test/contracts';
import { envelope, fakeTransport } from '../test/fakeTransport';
import { createClient } from './client';
import { dialDomains, fetchBackupDomains } from './domains';

describe('backup domains and dialing', () => {
  it('reads the domains map from its JSON string', async () => {
    const fake = fakeTransport(() => envelope(JSON.stringify({ domains: { 'a.test': ['b.test'] } })));
    const client = createClient({
      contracts: everyContract,
      transport: fake.transport,
      base: () => '',
      headers: () => ({}),
    });
    expect(await fetchBackupDomains(client)).toEqual({ 'a.test': ['b.test'] });
  });

  it('answers the first base whose h5_info replies, or nothing', async () => {
    const clientFor = (base: string) =>
      createClient({
        contracts: everyContract,
        transport: fakeTransport(() =>
          base.includes('good') ? envelope({ timestamp: 1 }) : { kind: 'failure', code: -2 },
        ).transport,
        base: () => base,
        headers: () => ({}),
      });
    expect(await dialDomains(['http://bad.test', 'http://good.test'], clientFor)).toBe('http://good.test');
    expect(await dialDomains(['http://bad.test'], clientFor)).toBeUndefined();
    expect(await dialDomains([], clientFor)).toBeUndefined();
  });
});
