import { describe, expect, it } from 'vitest';
import { fallbackTarget, rememberRoute, routeNameOf } from './routeNames';

describe('route names', () => {
  it('names known paths', () => {
    expect(routeNameOf('/recharge-list')).toBe('rechargeList');
    expect(routeNameOf('/recharge-list/')).toBe('rechargeList');
    expect(routeNameOf('/')).toBe('index');
    expect(routeNameOf('/nope')).toBeUndefined();
  });

  it('sends an unknown path to the last known route, or index, keeping the query', () => {
    expect(fallbackTarget('?tab=2', undefined)).toBe('/?tab=2');
    rememberRoute('/nope');
    rememberRoute('/feedback');
    rememberRoute('/also-unknown');
    expect(fallbackTarget('?a=1')).toBe('/feedback?a=1');
  });
});
