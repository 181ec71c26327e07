import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { ar } from '../../i18n/ar';
import { type StringKey, t } from '../../i18n/t';
import { MethodDisplayMode, methodDisplayMode } from './packages';
import { lastPayTypeAtom, methodsAtom, selectedMethodAtom, selectMethodAtom } from './state';

function methodLabel(payType: number): string {
  const key = `method.${payType}`;
  return key in ar ? t(key as StringKey) : t('recharge.method.other');
}

/** Payment methods: the last-used one alone (mode 0) with a way to show every channel (mode 1). */
export function MethodList() {
  const methods = useAtomValue(methodsAtom);
  const selected = useAtomValue(selectedMethodAtom);
  const lastPayType = useAtomValue(lastPayTypeAtom);
  const select = useSetAtom(selectMethodAtom);
  const [showAll, setShowAll] = useState(false);
  const mode = showAll ? MethodDisplayMode.channels : methodDisplayMode(methods, lastPayType);
  const shown =
    mode === MethodDisplayMode.lastUsed ? methods.filter((m) => m.payType === lastPayType) : methods;
  if (methods.length === 0) return null;
  return (
    <fieldset className="method-list" data-testid="method-list" data-mode={mode}>
      <legend className="section-title">{t('recharge.methods')}</legend>
      {shown.map((method) => {
        const checked = selected?.payType === method.payType;
        return (
          <label
            key={method.payType}
            className={`method${checked ? ' method-selected' : ''}`}
            data-testid="method"
          >
            <input
              type="radio"
              name="method"
              value={method.payType}
              checked={checked}
              onChange={() => select(method.payType)}
            />
            <span>{methodLabel(method.payType)}</span>
            {method.payType === lastPayType ? <span className="tag">{t('recharge.lastUsed')}</span> : null}
          </label>
        );
      })}
      {mode === MethodDisplayMode.lastUsed ? (
        <button type="button" className="link-button" onClick={() => setShowAll(true)}>
          {t('recharge.showAllMethods')}
        </button>
      ) : null}
    </fieldset>
  );
}
