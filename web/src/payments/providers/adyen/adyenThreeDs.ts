import type { AdditionalDetailsData, PaymentAction } from '@adyen/adyen-web';
import { CHALLENGE_WINDOW_SIZE } from '@topup/contracts/outcomes';
import { watchChallengeHistory } from '../challengeHistory';
import {
  REDIRECT_REFUSED,
  type RedirectAdapter,
  type ThreeDsAction,
  type ThreeDsAdapter,
  type ThreeDsOutcome,
  type ThreeDsRun,
} from '../types';
import { type AdyenKeys, type AdyenSdk, adyenCoreConfig } from './adyenCore';

/**
 * Provider 17's 3-D Secure through Adyen's action handling: ChallengeShopper and IdentifyShopper become a
 * threeDS2 action mounted full screen (window size 05); the details (threeDSResult) go back to the server
 * through submit_authentication_result. RedirectShopper leaves for the issuer page.
 */

export function adyenActionOf(action: ThreeDsAction): PaymentAction {
  return {
    type: action.type === 'redirect' ? 'redirect' : 'threeDS2',
    ...(action.subtype === undefined ? {} : { subtype: action.subtype }),
    paymentMethodType: 'scheme',
    ...(action.token === undefined ? {} : { token: action.token }),
    ...(action.paymentData === undefined ? {} : { paymentData: action.paymentData }),
    ...(action.url === undefined ? {} : { url: action.url, method: 'GET' }),
  } as PaymentAction;
}

export function createAdyenThreeDs(
  sdk: Pick<AdyenSdk, 'AdyenCheckout'>,
  keys: AdyenKeys,
  redirect: RedirectAdapter,
): ThreeDsAdapter {
  return {
    run({ action, container, signal, bindReopen }: ThreeDsRun): Promise<ThreeDsOutcome> {
      if (action.type === 'redirect') {
        if (action.url === undefined) return Promise.resolve({ kind: 'failed', reason: 'no redirect url' });
        if (!redirect.go(action.url)) return Promise.resolve({ kind: 'failed', reason: REDIRECT_REFUSED });
        return Promise.resolve({ kind: 'redirected' });
      }
      return new Promise<ThreeDsOutcome>((resolve) => {
        let settled = false;
        // The issuer's pages in Adyen's challenge frame leave history entries of their own: taken back at the end.
        const history = watchChallengeHistory();
        const settle = (outcome: ThreeDsOutcome) => {
          if (settled) return;
          settled = true;
          // Adyen's frame out first: a traversal with the frame still in would take it back a page.
          container.replaceChildren();
          bindReopen?.(undefined);
          history.end(outcome.kind === 'authentication');
          resolve(outcome);
        };
        signal.addEventListener('abort', () => settle({ kind: 'cancelled' }));
        void sdk
          .AdyenCheckout(
            adyenCoreConfig(keys, {
              onAdditionalDetails: (state: AdditionalDetailsData) =>
                settle({ kind: 'authentication', platformData: { ...state.data.details } }),
              onError: (error) =>
                settle(
                  error.name === 'CANCEL' ? { kind: 'cancelled' } : { kind: 'failed', reason: error.name },
                ),
            }),
          )
          .then((checkout) => {
            if (settled) return;
            const mount = () =>
              checkout
                .createFromAction(adyenActionOf(action), { challengeWindowSize: CHALLENGE_WINDOW_SIZE })
                .mount(container);
            mount();
            // Reopening mounts the same action again: Adyen's frame posts the challenge request anew.
            bindReopen?.(() => {
              if (settled) return;
              container.replaceChildren();
              mount();
            });
          })
          .catch(() => settle({ kind: 'failed', reason: 'sdk' }));
      });
    },
  };
}
