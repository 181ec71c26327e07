/**
 * What the recharge feature offers the rest of the app: other features import it from here, never its files
 * (biome.json's feature boundaries).
 */

export { AcceptedMethods } from './AcceptedMethods';
export { HomePackages } from './HomePackages';
