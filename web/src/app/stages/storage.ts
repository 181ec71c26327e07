/** Start-up's third stage (schemas.ts says why there are stages): storage's schemas and the answers' envelope. */
import './calls';
import '@topup/contracts/storage';
import '@topup/contracts/messages';
import '@topup/contracts/envelope';

await new Promise((resolve) => setTimeout(resolve));
