import { registry } from '@topup/contracts/registry/index';
import { contractSource } from '../api/contracts';

/** Tests' clients: every contract at hand. */
export const everyContract = contractSource(registry, async () => registry);
