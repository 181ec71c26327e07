/**
 * The app's flavors and what differs by flavor (SPEC §9). The build is one flavor, ksa; the others are the
 * sister apps whose timezones SPEC lists. The card timezone (expiry months, SPEC §5 "+3") is the build's.
 */

export const FLAVORS = ['live', 'ksa', 'are', 'okey'] as const;
export type Flavor = (typeof FLAVORS)[number];

/** The flavor this build is (SPEC §9 Build: flavor ksa). */
export const BUILD_FLAVOR: Flavor = 'ksa';

/** SPEC §9 "Timezone offsets": hours east of UTC, by flavor. */
export const TIMEZONE_OFFSET_HOURS: Readonly<Record<Flavor, number>> = Object.freeze({
  live: 8,
  ksa: 3,
  are: 2,
  okey: 3,
});

const HOUR_MS = 3_600_000;

export const timezoneOffsetMs = (flavor: Flavor): number => TIMEZONE_OFFSET_HOURS[flavor] * HOUR_MS;

/** The card timezone: expiry months are read at the build flavor's offset (ksa: UTC+3). */
export const CARD_TIMEZONE_OFFSET_HOURS = TIMEZONE_OFFSET_HOURS[BUILD_FLAVOR];
