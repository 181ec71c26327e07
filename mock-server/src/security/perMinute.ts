import type { Clock } from '../world/clock';

/**
 * At most `limit` posts a minute from one address, on the mock's clock: the answer counts a post and says
 * whether it is admitted. The 10,000 addresses seen last are remembered.
 */
export function perMinuteLimit(clock: Clock, limit: number): (address: string) => boolean {
  const recent = new Map<string, number[]>();
  return (address) => {
    const now = clock.now();
    const times = (recent.get(address) ?? []).filter((at) => at > now - 60_000);
    if (times.length >= limit) return false;
    times.push(now);
    recent.delete(address);
    recent.set(address, times);
    if (recent.size > 10_000) recent.delete(recent.keys().next().value ?? '');
    return true;
  };
}
