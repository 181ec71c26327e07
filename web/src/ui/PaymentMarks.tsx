import './payment.css';

/**
 * Small drawn marks for card schemes and kinds of payment method: no images to fetch, decorative only
 * (the method's name beside them says the same in words).
 */

const SCHEMES = ['visa', 'mastercard', 'mada'] as const;
type Scheme = (typeof SCHEMES)[number];

function schemeOf(name: string): Scheme | undefined {
  const lower = name.toLowerCase();
  return SCHEMES.find((s) => lower.includes(s === 'mastercard' ? 'master' : s));
}

export function SchemeMark({ scheme }: { readonly scheme: string }) {
  const known = schemeOf(scheme);
  if (known === undefined) return <MethodMark kind="card" />;
  return (
    <span className={`pay-mark pay-mark--${known}`} aria-hidden="true">
      {known === 'mastercard' ? null : known === 'visa' ? 'VISA' : 'mada'}
    </span>
  );
}

/** The schemes a card form accepts. */
export function SchemeMarks({ schemes = ['visa', 'mastercard'] }: { readonly schemes?: readonly Scheme[] }) {
  return (
    <span className="pay-marks" aria-hidden="true">
      {schemes.map((s) => (
        <SchemeMark key={s} scheme={s} />
      ))}
    </span>
  );
}

const GLYPH = { wallet: '▣', bank: '⌂', card: '▭' } as const;

export function MethodMark({ kind }: { readonly kind: keyof typeof GLYPH }) {
  return (
    <span className={`pay-mark pay-mark--${kind}`} aria-hidden="true">
      {GLYPH[kind]}
    </span>
  );
}

/** A padlock beside the secure-payment line. */
export function LockIcon() {
  return (
    <svg className="pay-lock" width="14" height="16" viewBox="0 0 14 16" aria-hidden="true" focusable="false">
      <path d="M3 7V5a4 4 0 0 1 8 0v2" fill="none" stroke="currentColor" strokeWidth="2" />
      <rect x="1" y="7" width="12" height="9" rx="2" fill="currentColor" />
    </svg>
  );
}
