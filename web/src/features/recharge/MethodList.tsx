import { useAtomValue, useSetAtom } from 'jotai';
import { useLayoutEffect, useMemo, useState } from 'react';
import { tCharge } from '../../i18n/charge';
import { grayVisitor, replacementMethod } from '../../payments/gray';
import { pkgInfoAtom } from '../../platform/config';
import { sessionAtom } from '../../session/session';
import { PayTypeMark } from '../../ui/PaymentMarks';
import { lastPayTypeAtom, methodsAtom, selectedMethodAtom, selectMethodAtom } from './chargeState';
import { methodNameOf, offeredMethods } from './offered';
import { MethodDisplayMode, methodDisplayMode } from './packages';

/**
 * The server's name of a method (payItemDisplayMethods[].displayName) as a shown name (ui/shownName.ts: no
 * bidirectional controls, an override or an unclosed isolate reordering the row); a generic word only if it
 * gave none.
 */
function methodLabel(method: { readonly group: string }): string {
  const name = methodNameOf(method.group);
  return name === '' ? tCharge('recharge.method.other') : name;
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
  const preferred = selected?.payType;
  const offered = useMemo(
    () => offeredMethods(methods, pkg, visitor, preferred),
    [methods, pkg, visitor, preferred],
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
            <span data-testid="method-name">{methodLabel(method)}</span>
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
