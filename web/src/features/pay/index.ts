/**
 * What the pay feature offers the rest of the app: other features import it from here, never its files
 * (biome.json's feature boundaries). The return from a provider's page, which the recharge list handles
 * when it is where the provider sends the visitor back, and the recipient lookup, which the list asks of a
 * stored target before naming it (both fetched on demand); the pay step itself is a route (app/router.tsx).
 */

export { type ReturnNotice, returnFromPayment } from './paymentReturn';
export { lookUpRecipient } from './useRecipient';
