import { ServerCode } from '@topup/contracts/codes';
import { Link } from '../app/routing';
import { tSearch } from '../i18n/search';
import { t } from '../i18n/t';

/**
 * What a refused account offers beside its message: a ban after a refund is lifted by paying its fine (the
 * way there, from the refusal itself); an account that does not exist yet, the app's download. The search's
 * refusal (features/recharge/choose.ts) and the pay step's recipient refused (features/pay) show it.
 */
export function RefusalNote({ result, displayId }: { readonly result: number; readonly displayId: string }) {
  if (result === ServerCode.banned)
    return (
      <p className="notice" data-testid="banned-fine">
        {tSearch('search.bannedFine')}{' '}
        {/* The fines page keeps the account: it says whose fine is asked for. */}
        <Link
          to={{ pathname: '/fines', search: `?${new URLSearchParams({ account: displayId })}` }}
          data-testid="banned-fine-link"
        >
          {tSearch('search.payFine')}
        </Link>
      </p>
    );
  if (result === ServerCode.accountNotFound)
    return (
      <p className="notice" data-testid="not-found-download">
        <Link to="/download">{t('nav.download')}</Link>
      </p>
    );
  return null;
}
