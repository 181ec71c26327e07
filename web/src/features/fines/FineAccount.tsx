import { ft } from '../../i18n/fines';
import type { FineInfo } from './state';

/** The account the visitor came from (the recharge list's "pay the fine"): whose fine is asked for. */
export function ForAccount({ account }: { readonly account: string }) {
  return (
    <p className="notice fines-for" data-testid="fine-for-account">
      {ft('fines.forAccount')}{' '}
      <bdi dir="ltr" className="ltr">
        {account}
      </bdi>
    </p>
  );
}

/** A fine whose account is not the one the visitor came for: said, so the wrong fine is not paid. */
export function OtherAccount({
  account,
  fine,
}: {
  readonly account: string | undefined;
  readonly fine: FineInfo;
}) {
  if (account === undefined || fine.display_uid === account) return null;
  return (
    <p className="notice notice-error" role="alert" data-testid="fine-other-account">
      {ft('fines.otherAccount', { account })}
    </p>
  );
}
