import { describe, expect, it } from 'vitest';
import { BUILD_FLAVOR, CARD_TIMEZONE_OFFSET_HOURS, TIMEZONE_OFFSET_HOURS, timezoneOffsetMs } from './flavors';

/** SPEC §9 "Timezone offsets: Live 8, Ksa 3, Are 2, Okey 3", one table keyed by flavor. */
describe('@spec:limit.timezones the timezone offset of each flavor (SPEC §9)', () => {
  it.each([
    ['live', 8],
    ['ksa', 3],
    ['are', 2],
    ['okey', 3],
  ] as const)('%s is UTC+%i', (flavor, hours) => {
    expect(TIMEZONE_OFFSET_HOURS[flavor]).toBe(hours);
    expect(timezoneOffsetMs(flavor)).toBe(hours * 3_600_000);
  });

  it('names exactly those four flavors and cannot be changed at run time', () => {
    expect(Object.keys(TIMEZONE_OFFSET_HOURS).sort()).toEqual(['are', 'ksa', 'live', 'okey']);
    expect(Object.isFrozen(TIMEZONE_OFFSET_HOURS)).toBe(true);
  });

  it("the card timezone is the build flavor's (ksa: +3), which the app and the mock's test data both import", () => {
    expect(BUILD_FLAVOR).toBe('ksa');
    expect(CARD_TIMEZONE_OFFSET_HOURS).toBe(3);
  });
});
