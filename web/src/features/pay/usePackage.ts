import type { ChargePackage } from '@topup/contracts';
import { useAtomValue, useStore } from 'jotai';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { api } from '../../api/instance';
import { loadFailureText } from '../../api/loadFailure';
import { pt } from '../../i18n/pay';
import { deviceId } from '../../platform/ids';
import type { PayIntent } from '../../platform/payIntent';
import { sleep } from '../../platform/sleep';
import { sessionAtom, urlSignInPendingAtom } from '../../session/session';
import { loadPackage } from './load';

/**
 * The pay step's package: loaded once per intent, and again when the signed-in account changed under the step
 * (`account`, a count: a package offered only to the old account is then not offered), with why it could not
 * be and a retry.
 */
export function usePackage(intent: PayIntent, account = 0) {
  const store = useStore();
  const [pack, setPack] = useState<ChargePackage | undefined>(undefined);
  // Why the package could not be shown (the skeleton gives way to it and a way back to the list), and whether
  // a retry may load it.
  const [failure, setPackFailure] = useState<
    { readonly text: string; readonly retry: boolean } | 'notOffered' | 'badPrice' | undefined
  >(undefined);
  // A package the list does not offer this visitor: some are offered only signed in (SPEC: the larger ones),
  // but the list cannot tell those from a package that does not exist, so signed out it is said neutrally,
  // with signing in offered for more packages, never as what makes this one available. Said as the session
  // stands when drawn; a sign-in finishing does not load the package again.
  const signedIn = useAtomValue(sessionAtom) !== undefined;
  // A sign-in carried by the launch URL is awaited: a package offered only signed in is asked for signed in.
  const signingIn = useAtomValue(urlSignInPendingAtom);
  const packFailure:
    | { readonly text: string; readonly retry: boolean; readonly signIn?: boolean }
    | undefined =
    failure === 'badPrice'
      ? { text: pt('pay.packagePriceInvalid'), retry: false }
      : failure !== 'notOffered'
        ? failure
        : signedIn
          ? { text: pt('pay.packageUnavailable'), retry: false }
          : { text: pt('pay.packageSignIn'), retry: false, signIn: true };

  /** A retry of the package's load (after the charge list did not answer). */
  const [packAttempt, setPackAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: packAttempt asks again on the visitor's retry, account after an account change
  useEffect(() => {
    if (signingIn) return;
    let live = true;
    setPackFailure(undefined);
    // Another account's package is not shown while this one's is asked for.
    if (account > 0) setPack(undefined);
    void loadPackage({ api, store, deviceId: deviceId(), sleep }, intent.to_uid, intent.recharge_id).then(
      (answer) => {
        if (!live) return;
        // The answer redraws most of the step (its methods, the pay button): in a transition, so a slow
        // phone's main thread is yielded every few milliseconds instead of held for the whole redraw.
        startTransition(() => {
          if (answer.ok) setPack(answer.pack);
          else if ('badPrice' in answer) setPackFailure('badPrice');
          // An empty answer: the list does not offer it to this visitor (signed out, perhaps only for now);
          // anything else (offline, the service, garbled): said as the other pages say a failed load
          // (api/loadFailure.ts), and a retry may load it.
          else
            setPackFailure(
              answer.message === ''
                ? 'notOffered'
                : {
                    text: `${pt('pay.packageLoadFailed')} ${loadFailureText(answer, navigator.onLine)}`,
                    retry: true,
                  },
            );
        });
      },
    );
    return () => {
      live = false;
    };
  }, [intent, store, packAttempt, account, signingIn]);
  const retryPack = useCallback(() => setPackAttempt((n) => n + 1), []);
  // Only the package of the recharge_id this step orders is shown: one loaded for another intent (the step's
  // link changed while the new one loads) never lends its amount to this order.
  const shown = pack?.recharge_id === intent.recharge_id ? pack : undefined;
  return { pack: shown, packFailure, retryPack };
}
