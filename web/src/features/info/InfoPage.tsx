import { useEffect } from 'react';
import { Link } from '../../app/routing';
import { type InfoKey, tInfo } from '../../i18n/info';
import { t } from '../../i18n/t';
import { PRIVACY_URL } from '../../platform/privacy';
import { navigateTo } from '../../security/navigation';
import { StoreLinks } from '../../ui/StoreLinks';

const PAGES = {
  about: { heading: 'about.heading', body: 'about.body' },
  contact: { heading: 'contact.heading', body: 'contact.body' },
  agreement: { heading: 'agreement.heading', body: 'agreement.body' },
  download: { heading: 'download.heading', body: 'download.lead' },
  share: { heading: 'share.heading', body: 'share.body' },
} as const satisfies Record<string, { heading: InfoKey; body: InfoKey }>;

/** The pages the strings imply: about us, contact us, user agreement, download, and the share page. */
export default function InfoPage({ page }: { readonly page: keyof typeof PAGES }) {
  const { heading, body } = PAGES[page];
  return (
    <section className="card info-page" data-testid={`info-${page}`}>
      <h1>{tInfo(heading)}</h1>
      <p>{tInfo(body)}</p>
      {page === 'download' || page === 'share' ? <StoreLinks /> : null}
      {page === 'contact' ? <Link to="/feedback">{t('nav.feedback')}</Link> : null}
    </section>
  );
}

/** /privacy: a full-page redirect to the static policy document (SPEC §2). */
export function PrivacyRedirect() {
  useEffect(() => void navigateTo(PRIVACY_URL, 'privacy', { replace: true }), []);
  return <p role="status">{tInfo('redirecting')}</p>;
}
