import type { PkgInfo } from '@topup/contracts/entities';
import { atom } from 'jotai/vanilla';

/** The server configuration (pkgInfo, SPEC §3), set by start-up once the first screen's batch answers. */
export const pkgInfoAtom = atom<PkgInfo | undefined>(undefined);

/** The visitor's country (the position lookup), set by start-up when known. */
export const currentCountryAtom = atom<string | undefined>(undefined);
