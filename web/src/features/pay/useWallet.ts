import { type PayType, Source } from '@topup/contracts';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/instance';
import { tolerant } from '../../api/tolerant';
import { pt } from '../../i18n/pay';
import { methodKindOf } from '../../payments/methodKind';
import { payAttempts } from '../../payments/orderAttempt';
import { orderFailureSaid, orderMayExist } from '../../payments/orderCreation';
import {
  isUncertain,
  processingPanel,
  refusedOrderPanel,
  resultPanelOf,
  walletDeclineNotice,
  walletFailureNotice,
} from '../../payments/outcome';
import { choicesAreVisitors } from '../../payments/payHandOver';
import { coinPayParams, orderRequestId } from '../../payments/payment';
import { loadWalletSession, walletAvailable } from '../../payments/providers/adapters';
import { providerConfig } from '../../payments/providers/config';
import type { WalletSessionConstructor } from '../../payments/providers/types';
import { hasUnsent } from '../../payments/unsentResult';
import { pkgInfoAtom } from '../../platform/config';
import { deviceId } from '../../platform/ids';
import { arrivedByWalletMoveAtom, type PayIntent } from '../../platform/payIntent';
import { sleep } from '../../platform/sleep';
import { navigateTo } from '../../security/navigation';
import { linkUnacknowledgedAtom, sessionAtom } from '../../session/session';
import { showToastAtom } from '../../ui/toast';
import { pageInfoUrl, sealedForMove } from './pageInfo';
import { pageViewId, refreshPageViewId } from './pageView';
import {
  dispatchStepAtom,
  lastPayCardAtom,
  rememberSuccessAtom,
  sendingAnswerAtom,
  showResultAtom,
} from './state';
import { runWallet } from './wallet';
import { sheetConfigFor, walletRequest } from './walletSheet';

/** The wallet channel: availability, the domain check, and the sheet started inside the tap. */
export function useWallet(intent: PayIntent, amount: number | undefined, walletTypes: readonly PayType[]) {
  const store = useStore();
  const session = useAtomValue(sessionAtom);
  const linkUnconfirmed = useAtomValue(linkUnacknowledgedAtom);
  const lastCard = useAtomValue(lastPayCardAtom);
  const dispatch = useSetAtom(dispatchStepAtom);
  const showResult = useSetAtom(showResultAtom);
  const toast = useSetAtom(showToastAtom);
  const Session = useRef<WalletSessionConstructor | undefined>(undefined);
  const [available, setAvailable] = useState(false);
  /** Where the wallet can pay when this domain cannot (SPEC §4); the page moves only when the wallet is chosen. */
  const moveTo = useRef<string | undefined>(undefined);
  const first = walletTypes[0];

  useEffect(() => {
    if (first === undefined) return;
    let live = true;
    void (async () => {
      const ctor = await loadWalletSession();
      Session.current = ctor;
      if (!live || !walletAvailable(navigator.userAgent, ctor)) return;
      const check = await api.call('checkDomainPayable', {
        pay_type: first,
        domain: location.host,
        uid: intent.to_uid,
        check_only: true,
      });
      if (!live) return;
      // The answer adds or drops a method: drawn in a transition, like the package's answer.
      if (!check.ok || check.data.is_payable) return startTransition(() => setAvailable(check.ok));
      const target = pageInfoUrl(
        location,
        check.data.domain,
        {
          h5_deviceid: deviceId(),
          ...(session === undefined ? {} : { session_key: session.sessionKey, user: session.user }),
          // The visitor's own account (not a link's they have not confirmed): no link question after the move.
          ...(session === undefined || linkUnconfirmed
            ? {}
            : { own: { uid: session.user.uid, login_type: session.loginType ?? 'link' } }),
          // A link's step moves as a link's: the page moved to chooses nothing and keeps the link's warning.
          ...(choicesAreVisitors() ? { chosen: true as const } : {}),
          to_uid: intent.to_uid,
          history: [],
          ...(lastCard === undefined ? {} : { last_card: lastCard }),
          charge: { recharge_id: intent.recharge_id, pay_type: intent.pay_type },
        },
        providerConfig.walletHosts,
      );
      moveTo.current = target;
      startTransition(() => setAvailable(target !== undefined));
    })();
    return () => {
      live = false;
    };
  }, [first, intent, session, lastCard, linkUnconfirmed]);

  /** Must run synchronously inside the tap: the sheet begins before any await. */
  const pay = useCallback(
    (payType: PayType) => {
      if (moveTo.current !== undefined) {
        toast({ text: pt('pay.walletMoving') });
        // The step moved replaces this one in history: this domain never learns of a payment made there (its
        // storage is another origin's), so back must not lead to its pay button for the same order.
        // To the page's own origin, the move leaves its one-time proof here (`sealedForMove`).
        navigateTo(sealedForMove(moveTo.current, location.href), 'wallet', { replace: true });
        return;
      }
      // The tap the note asked for: from here the sheet (or its result) says what happens.
      store.set(arrivedByWalletMoveAtom, false);
      const kind = methodKindOf(payType);
      const ctor = Session.current;
      if (ctor === undefined || amount === undefined) {
        showResult({
          panel: resultPanelOf('not_support_apple_pay'),
          orderId: undefined,
          detail: undefined,
          payType,
          sourceId: undefined,
          kind,
        });
        return;
      }
      const walletApi = tolerant(api);
      dispatch({ type: 'walletOpened' });
      let waitingFor: string | undefined;
      void runWallet(
        {
          api: walletApi,
          sleep,
          Session: ctor,
          uid: intent.to_uid,
          domain: location.hostname,
          sessionKey: session?.sessionKey,
          payType,
          onWaiting: () => dispatch({ type: 'polling', orderId: waitingFor }),
          onUnsent: (waiting) => store.set(sendingAnswerAtom, waiting),
          onOrder: (orderId) => {
            waitingFor = orderId;
            payAttempts.ordered(orderId);
          },
          createOrder: async (signal) => {
            const params = coinPayParams({
              rechargeId: intent.recharge_id,
              toUid: intent.to_uid,
              payType,
              kind: 'normal',
              deviceId: deviceId(),
              sessionKey: session?.sessionKey,
              pageViewId: pageViewId(),
            });
            // The same X-CLI-RID for the same intent until its order is known: a retry finds the same order.
            const requestId = payAttempts.requestIdFor(params, () => orderRequestId(deviceId(), Date.now()));
            const created = await walletApi.call('createCoinPay', params, { requestId, signal });
            if (created.ok) return { ok: true, orderId: created.data.order_id };
            const mayExist = orderMayExist('createCoinPay', created.result);
            if (!mayExist) payAttempts.settled();
            return {
              ok: false,
              message: created.message,
              // Said as a network failure only when no definite answer came; a refusal is the request's failure.
              ambiguous: mayExist && orderFailureSaid(created.result) === 'unanswered',
              unavailable: refusedOrderPanel(created.result) !== undefined,
            };
          },
        },
        walletRequest(sheetConfigFor(store.get(pkgInfoAtom), payType), amount),
      ).then(async (end) => {
        // Declined after the visitor authorised it: said as a decline, not as a payment that could not start.
        const notice =
          end.kind !== 'failed'
            ? undefined
            : end.authorised === true
              ? walletDeclineNotice(end.reason)
              : walletFailureNotice(end.reason);
        // A pending order stays kept for a reload, as does one whose token went and whose charge is unknown (a
        // time-out): paying again asks its result first (keptLookup.ts). A paid, refused or given-up one is over.
        const uncertain = notice?.panel !== undefined && isUncertain(notice.panel);
        if (end.kind !== 'pending' && !uncertain && end.orderId !== undefined) payAttempts.settled();
        if (end.kind === 'paid') {
          store.set(rememberSuccessAtom, { payType, card: undefined });
          refreshPageViewId(api);
          showResult({
            panel: resultPanelOf('success'),
            orderId: end.orderId,
            detail: undefined,
            payType,
            sourceId: undefined,
            kind,
          });
          return;
        }
        if (end.kind === 'unavailable') {
          showResult({
            panel: resultPanelOf('notActive'),
            orderId: undefined,
            detail: undefined,
            payType,
            sourceId: undefined,
            kind,
          });
          return;
        }
        if (end.kind === 'pending') {
          // Still undecided after the whole budget: "processing", with a way to ask again (which first sends
          // the wallet's token if the connection kept it from the server).
          showResult({
            panel: processingPanel,
            orderId: end.orderId,
            detail: hasUnsent(end.orderId) ? pt('pay.bankAnswerUnsent') : undefined,
            payType,
            sourceId: undefined,
            kind,
          });
          return;
        }
        if (notice === undefined) return;
        if (notice.panel === undefined) dispatch({ type: 'orderNotMade' });
        if (notice.delayMs > 0) await sleep(notice.delayMs);
        // A result panel says it (its detail): a toast with the same words besides would say it twice.
        if (notice.panel === undefined) toast({ text: pt(notice.text), tone: 'error' });
        if (notice.panel !== undefined) {
          showResult({
            panel: notice.panel,
            orderId: end.orderId,
            detail: pt(notice.text),
            payType,
            sourceId: undefined,
            kind,
          });
        }
      });
    },
    [amount, intent, session, dispatch, showResult, toast, store],
  );

  return { available: first !== undefined && available, pay, source: Source.main };
}
