import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { tInfo } from '../../i18n/info';
import { t } from '../../i18n/t';
import { grayVisitor } from '../../payments/gray';
import { pkgInfoAtom } from '../../platform/config';
import { sessionAtom } from '../../session/session';
import { PayTypeMark } from '../../ui/PaymentMarks';
import { packagesAtom } from './chargeState';
import { methodNameOf, offeredMethods } from './offered';
import { methodsOf } from './packages';
import { chargeListAtom } from './state';

/**
 * The landing's accepted methods: the marks of the methods this visitor is offered on the packages shown
 * (the same rules as the recharge list: one card provider, released wallets, Apple Pay only where it can
 * pay), each with the server's name for screen readers. Never a mark of a method the visitor cannot use.
 */
export function AcceptedMethods() {
  const packages = useAtomValue(packagesAtom);
  const chargeList = useAtomValue(chargeListAtom);
  const pkg = useAtomValue(pkgInfoAtom);
  const uid = useAtomValue(sessionAtom)?.user.uid;
  const visitor = useMemo(() => grayVisitor(uid), [uid]);
  const offered = useMemo(
    () =>
      offeredMethods(
        packages.flatMap((item) => methodsOf(item)),
        pkg,
        visitor,
        undefined,
      ),
    [packages, pkg, visitor],
  );
  // The packages did not load (their banner above says so, with its retry): no skeleton left loading here.
  if (chargeList.status === 'failed')
    return (
      <p className="home-accepted muted" data-testid="home-methods-later">
        {tInfo('home.methodsWithPackages')}
      </p>
    );
  if (chargeList.status !== 'loaded')
    return (
      <p className="home-accepted" aria-busy={chargeList.status === 'loading'}>
        <span className="home-accepted__marks skeleton" aria-hidden="true" />
        <span className="visually-hidden">{t('app.loading')}</span>
      </p>
    );
  return (
    <ul className="home-accepted__marks" aria-label={tInfo('home.methods')} data-testid="home-method-marks">
      {offered.map((method) => (
        <li
          key={method.group}
          data-method-name={methodNameOf(method.group)}
          className="home-accepted__method"
        >
          <PayTypeMark payType={method.payType} />
          <span className="home-accepted__name">{methodNameOf(method.group)}</span>
        </li>
      ))}
    </ul>
  );
}
