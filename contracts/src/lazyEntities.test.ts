import { describe, expect, it } from 'vitest';
import * as entities from './entities';
import { once } from './lazy';
import * as lazy from './lazyEntities';
import { PayTypeSchema } from './payments';
import { LastPayCardSchema } from './storage';

describe('once', () => {
  it('builds on the first call only, and builds again after a build that threw', () => {
    let calls = 0;
    const value = once(() => {
      calls += 1;
      if (calls === 1) throw new Error('first build fails');
      return { calls };
    });
    expect(calls).toBe(0);
    expect(value).toThrow('first build fails');
    const first = value();
    expect(value()).toBe(first);
    expect(calls).toBe(2);
  });
});

describe('the entities built for everyone and the ones the calls build on first use', () => {
  const built: Readonly<Record<string, unknown>> = { ...entities };
  const builders: Readonly<Record<string, () => unknown>> = { ...lazy };
  const elsewhere = ['PayTypeSchema', 'LastPayCardSchema'];
  const names = Object.keys(builders).filter((name) => !elsewhere.includes(name));

  it('cover every entity schema', () => {
    const exported = Object.keys(built).filter((name) => name.endsWith('Schema'));
    expect(names.sort()).toEqual(exported.sort());
  });

  it.each(names)('%s is one schema: the registry and the rest read the same object', (name) => {
    expect(built[name]).toBeDefined();
    expect(built[name]).toBe(builders[name]?.());
  });

  it('PayTypeSchema is one schema too', () => {
    expect(PayTypeSchema).toBe(lazy.PayTypeSchema());
  });

  it('LastPayCardSchema (storage.ts) is one schema too: the #pageinfo hand-over reads the same object', () => {
    expect(LastPayCardSchema).toBe(lazy.LastPayCardSchema());
  });
});
