import { describe, expect, it, vi } from 'vitest';

/**
 * Loading the registry builds no call's schemas (issue 16): every `defineCall` is wrapped so its thunks
 * record the call's path when they run; none may run until a schema is used, nor may any schema the calls
 * share (built by `once`).
 */
const seen = vi.hoisted(() => ({ defined: [] as string[], built: [] as string[], shared: 0 }));

/** Each call's schemas and the ones calls share (params, entities, order shapes) are built by `once`: count them. */
vi.mock('../lazy', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lazy')>();
  return {
    ...actual,
    once: (<T>(build: () => T) =>
      actual.once(() => {
        seen.shared += 1;
        return build();
      })) as typeof actual.once,
  };
});

vi.mock('./define', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./define')>();
  return {
    ...actual,
    defineCall: ((spec) => {
      seen.defined.push(`${spec.method} ${spec.path}`);
      return actual.defineCall({
        ...spec,
        request: () => {
          seen.built.push(`request ${spec.path}`);
          return spec.request();
        },
        data: () => {
          seen.built.push(`data ${spec.path}`);
          return spec.data();
        },
      });
    }) as typeof actual.defineCall,
  };
});

describe('loading the registry', () => {
  it('defines every call and builds none of their schemas', async () => {
    const { CALL_NAMES, callByRoute, registry } = await import('./index');
    expect(seen.defined).toHaveLength(CALL_NAMES.length);
    expect(seen.built).toEqual([]);
    expect(seen.shared).toBe(0);

    // Routing by method and path reads no schema either.
    expect(callByRoute('GET', '/api/fine/get_fine_info')).toBe('getFineInfo');
    expect(seen.built).toEqual([]);

    // Using one call builds that call's schema alone, once.
    expect(registry.getFineInfo.encode({ id: 7001 })).toEqual({ id: '7001' });
    registry.getFineInfo.encode({ id: 7002 });
    expect(seen.built).toEqual(['request /api/fine/get_fine_info/']);
    // Its request schema and the one shared piece it uses (the fine id parameter), nothing else.
    expect(seen.shared).toBe(2);
    expect(registry.getFineInfo.parse({}).success).toBe(false);
    expect(seen.built).toEqual(['request /api/fine/get_fine_info/', 'data /api/fine/get_fine_info/']);
  });
});
