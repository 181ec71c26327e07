/**
 * The code catalogue (SPEC §8): client codes, bridge errors, and every server code; their Arabic messages are
 * messages.ts's. Each part is its own module so that a bundle carries only the parts its code uses: the first
 * load's (startCodes.ts) are in every first load, the rest arrive with the code that answers or reads them.
 */

export * from './bridgeCodes';
export * from './serverCodes';
export * from './startCodes';
