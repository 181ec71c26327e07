import { useSetAtom } from 'jotai';
import { Link } from '../../app/routing';
import { ft } from '../../i18n/fines';
import { topUpRequestAtom } from '../../payments/topUpRequest';

/** The ways on from a paid fine: topping up its account (checked again by the recharge list), the main one. */
export function TopUpLink({ displayId }: { readonly displayId: string | undefined }) {
  const request = useSetAtom(topUpRequestAtom);
  return (
    <Link
      className="btn btn-primary btn-block"
      to="/recharge-list"
      onClick={() => request(displayId)}
      data-testid="fine-top-up"
    >
      {ft('fines.topUp')}
    </Link>
  );
}

/**
 * Another fine (another account's, a second ban): the page's own search for a fine number, after the main
 * action and plainer than it.
 */
export function AnotherFineLink() {
  return (
    <p className="fines-another">
      <Link to="/fines" data-testid="fine-another">
        {ft('fines.payAnother')}
      </Link>
    </p>
  );
}
