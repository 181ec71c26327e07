import { ServerCode } from '@topup/contracts/codes';
import { StorageKeys } from '@topup/contracts/storage';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { onApiError } from '../../api/errors';
import { api } from '../../api/instance';
import { deviceId } from '../../platform/ids';
import { sleep } from '../../platform/sleep';
import { readKey } from '../../platform/storage';
import { type SignedIn, sessionAtom, urlSignInPendingAtom } from '../../session/session';
import { fetchSavedCards } from './load';
import { savedCardsForgottenAtom, stepAtom } from './state';
import type { StepEvent } from './stepTypes';

/** Why the account under the pay step changed. */
export type AccountChangeWhy = 'otherWindow' | 'signedOut' | 'expired' | 'switched';

export interface AccountChange {
  readonly why: AccountChangeWhy;
  /** The account signed in now (none after a sign-out). */
  readonly now: SignedIn | undefined;
}

/** The account the browser's storage holds now: another window's sign-in or sign-out shows here first. */
function storedUid(): number | undefined {
  return readKey(StorageKeys.sessionKey) === undefined ? undefined : readKey(StorageKeys.user)?.uid;
}

/**
 * The pay step follows the signed-in account. When it changes under the step
 * (signed out here, the session expired (-10000), another window signed in as someone else or signed out), the
 * old account's saved cards, its chosen card and whatever was typed for it are dropped (the machine's
 * `accountChanged`: a fresh home), the saved cards and the package are asked for again under the new session
 * (`generation` reloads the package: one offered only to the old account is then not offered), and the change
 * is said. A wait under way (its order made under the old session) ends first. The launch URL's own sign-in is
 * not a change: the step waits for it.
 */
export function useAccountFollow() {
  const store = useStore();
  const session = useAtomValue(sessionAtom);
  const signingIn = useAtomValue(urlSignInPendingAtom);
  const phase = useAtomValue(stepAtom).phase.kind;
  // The flow's `send` (its effects run too), set by the step once its flow exists.
  const send = useRef<(event: StepEvent) => unknown>(() => undefined);
  const uid = session?.user.uid;
  const shown = useRef(uid);
  const wasSigningIn = useRef(signingIn);
  const elsewhere = useRef(false);
  const expired = useRef(false);
  const [change, setChange] = useState<AccountChange | undefined>(undefined);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const listener = (event: StorageEvent) => {
      if (event.key !== null && event.key !== StorageKeys.sessionKey && event.key !== StorageKeys.user)
        return;
      elsewhere.current = storedUid() !== shown.current;
    };
    window.addEventListener('storage', listener);
    const stopErrors = onApiError((info) => {
      if (info.result === ServerCode.loggedOut) expired.current = true;
    });
    return () => {
      window.removeEventListener('storage', listener);
      stopErrors();
    };
  }, []);

  const settled = phase === 'choosing' || phase === 'result';
  useEffect(() => {
    if (signingIn || wasSigningIn.current) {
      wasSigningIn.current = signingIn;
      shown.current = uid;
      return;
    }
    if (uid === shown.current || !settled) return;
    shown.current = uid;
    const why: AccountChangeWhy = elsewhere.current
      ? 'otherWindow'
      : uid === undefined
        ? expired.current
          ? 'expired'
          : 'signedOut'
        : 'switched';
    elsewhere.current = false;
    expired.current = false;
    send.current({ type: 'accountChanged' });
    store.set(savedCardsForgottenAtom);
    void fetchSavedCards({ api, store, deviceId: deviceId(), sleep });
    setGeneration((n) => n + 1);
    setChange({ why, now: store.get(sessionAtom) });
  }, [uid, settled, signingIn, store]);

  // The visitor has moved on once a payment starts under the account now signed in: the change is no longer news.
  const paying = phase === 'ordering' || phase === 'walletSheet' || phase === 'redirecting';
  useEffect(() => {
    if (paying && uid === shown.current) setChange(undefined);
  }, [paying, uid]);

  return { change, generation, send, close: () => setChange(undefined) };
}
