/** Start-up's second stage (schemas.ts says why there are stages): the first screen's calls' contracts. */
import './schemas';
import '@topup/contracts/api/auth';
import '@topup/contracts/api/common';
import '@topup/contracts/api/sys';

await new Promise((resolve) => setTimeout(resolve));
