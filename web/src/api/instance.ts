import { ClientCode } from '@topup/contracts/codes';
import { StorageKeys } from '@topup/contracts/storage';
import { currentBridge } from '../platform/bridgeDetect';
import { apiBaseOf, packageNameOf } from '../platform/env';
import { clientUuid, deviceId } from '../platform/ids';
import { loadOnce } from '../platform/loadOnce';
import { readKey, tabStorage } from '../platform/storage';
import { appStore } from '../platform/store';
import { readUrlArgs } from '../platform/urlArgs';
import { sessionKeyAtom, signOutAtom } from '../session/session';
import { appContracts, appMessageOf } from './appContracts';
import { type ApiClient, createClient } from './client';
import { emitApiError } from './errors';
import { requestHeaders } from './headers';
import { observingOrders } from './orderObserver';
import { endsSignedInSession, orderSessionBook, orderSessions } from './orderSession';
import { browserTransport, type Transport, type WireResponse } from './transport';

/**
 * The app's client: the bridge when the native app offers one, else HTTP; headers from the live session.
 * The bridge transport is imported with the first call made through a bridge, not with the first load;
 * if it cannot be loaded, that call fails as a bridge failure and the next one tries again.
 */

const http = browserTransport();
const bridged = loadOnce(() => import('./bridgeTransport'));
const transport: Transport = {
  send(request) {
    const bridge = currentBridge();
    if (bridge === undefined) return http.send(request);
    return bridged().then(
      ({ pageBridgeTransport }) => pageBridgeTransport(bridge, http).send(request),
      (): WireResponse => ({ kind: 'failure', code: ClientCode.bridge }),
    );
  },
};

export function clientFor(base: string): ApiClient {
  return createClient({
    contracts: appContracts,
    messageOf: appMessageOf,
    transport,
    base: () => base,
    headers: (_name, contract, options) =>
      requestHeaders(
        {
          packageName: options.packageName ?? packageNameOf(location.host),
          inNativeApp: currentBridge() !== undefined,
          clientUuid: clientUuid(),
          deviceToken: deviceId(),
          sessionKey: options.session === undefined ? appStore.get(sessionKeyAtom) : options.session.key,
        },
        contract,
        options.requestId,
      ),
    onError: (info) => {
      if (endsSignedInSession(info, appStore.get(sessionKeyAtom))) appStore.set(signOutAtom);
      emitApiError(info);
    },
    onUnlistedResult: (info) => console.warn('result outside the contract', info.call, info.result),
  });
}

export function currentApiBase(): string {
  return apiBaseOf(readUrlArgs(location.search, location.hash), readKey(StorageKeys.lastApiBase));
}

/** The session each order of this tab was made under (`orderSession.ts`). */
export const tabOrderSessions = orderSessionBook(tabStorage());

/** Every call about an order goes under the session that made it (`orderSession.ts`). */
const client = orderSessions(
  clientFor(currentApiBase()),
  () => appStore.get(sessionKeyAtom),
  tabOrderSessions,
);

/**
 * The app's client. Every order creation's result is reported as a pay event (SPEC §7), wherever the order
 * was created; the reporter is fetched with the first one, not with the first load.
 */
export const api: ApiClient = observingOrders(client, (request, answer) => {
  import('./payEvents').then(
    (events) => events.reportCreatePay(client, request, answer),
    () => undefined,
  );
});
