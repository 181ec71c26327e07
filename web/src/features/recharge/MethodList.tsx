import { isPayType, payTypeInfo } from '@topup/contracts/payTypeInfo';
import { useLayoutEffect, useMemo, useState } from 'react';
import { methodName, tCharge } from '../../i18n/charge';
import { grayVisitor, methodsForVisitor, replacementMethod } from '../../payments/gray';
import { pkgInfoAtom } from '../../platform/config';
import { useAtomValue, useSetAtom } from '../../platform/jotaiReact';
import { sessionAtom } from '../../session/session';
import { PayTypeMark } from '../../ui/PaymentMarks';
import { deviceWalletPossible, isDeviceWallet } from '../providers/walletSupport';
import { lastPayTypeAtom, methodsAtom, selectedMethodAtom, selectMethodAtom } from './chargeState';
import { MethodDisplayMode, methodDisplayMode } from './packages';

function methodLabel(payType: number): string {
  return methodName(payType) ?? tCharge('recharge.method.other');
}

/**
 * Payment methods: the last-used one alone (mode 0) with a way to show every channel (mode 1). Only the methods
 * the gray release and AB rules give this visitor are offered (one card provider, released wallets), and the
 * selection is kept among them, so the pay step gets the pay type the rules chose.
 */
export function MethodList() {
  const methods = useAtomValue(methodsAtom);
  const selected = useAtomValue(selectedMethodAtom);
  const lastPayType = useAtomValue(lastPayTypeAtom);
  const pkg = useAtomValue(pkgInfoAtom);
  const uid = useAtomValue(sessionAtom)?.user.uid;
  const select = useSetAtom(selectMethodAtom);
  const [showAll, setShowAll] = useState(false);
  const visitor = useMemo(() => grayVisitor(uid), [uid]);
  // Apple Pay only where the browser could pay with it (never on Android Chrome). The card first: the
  // clearest method heads the list and is the fallback pick, never the vaguest wallet.
  const offered = useMemo(
    () =>
      cardsFirst(
        methodsForVisitor(methods, pkg, visitor).filter(
          (m) => !isDeviceWallet(m.payType) || deviceWalletPossible(),
        ),
      ),
    [methods, pkg, visitor],
  );
  const replacement = replacementMethod(offered, selected?.payType);

  // Before paint, so "pay now" never carries a method the visitor is not offered.
  useLayoutEffect(() => {
    if (replacement !== undefined) select(replacement.payType);
  }, [replacement, select]);

  const mode = showAll ? MethodDisplayMode.channels : methodDisplayMode(offered, lastPayType);
  const shown =
    mode === MethodDisplayMode.lastUsed ? offered.filter((m) => m.payType === lastPayType) : offered;
  if (offered.length === 0) return null;
  return (
    <fieldset className="method-list" data-testid="method-list" data-mode={mode}>
      <legend className="section-title">{tCharge('recharge.methods')}</legend>
      {shown.map((method) => {
        const checked = selected?.payType === method.payType;
        return (
          <label
            key={method.payType}
            className={`method${checked ? ' method-selected' : ''}`}
            data-testid="method"
            data-pay-type={method.payType}
          >
            <input
              type="radio"
              name="method"
              value={method.payType}
              checked={checked}
              onChange={() => select(method.payType)}
            />
            <PayTypeMark payType={method.payType} />
            <span>{methodLabel(method.payType)}</span>
            {method.payType === lastPayType ? (
              <span className="tag">{tCharge('recharge.lastUsed')}</span>
            ) : null}
          </label>
        );
      })}
      {mode === MethodDisplayMode.lastUsed ? (
        <button type="button" className="link-button" onClick={() => setShowAll(true)}>
          {tCharge('recharge.showAllMethods')}
        </button>
      ) : null}
    </fieldset>
  );
}

/** The card-form methods (23, 27) first, the rest in the server's order (a stable sort). */
export function cardsFirst<T extends { readonly payType: number }>(methods: readonly T[]): T[] {
  const isCard = (m: T) => isPayType(m.payType) && payTypeInfo[m.payType].cardFrame;
  return [...methods.filter(isCard), ...methods.filter((m) => !isCard(m))];
}
