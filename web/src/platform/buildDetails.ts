import { BUILD_FLAVOR } from '@topup/contracts/flavors';
import { BUILD } from './env';

/**
 * The build line of the test page (SPEC §9): version 1.0.333, flavor ksa, and the build's mode (production).
 * Apart from env.ts's BUILD, which the first load needs for the version alone.
 */
export const BUILD_DETAILS = Object.freeze({ ...BUILD, flavor: BUILD_FLAVOR, mode: import.meta.env.MODE });
