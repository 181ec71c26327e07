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

/**
 * The mark of one pay type (SPEC §3), so methods with similar names are told apart at a glance: card
 * schemes for the card frames, the Apple Pay mark for 26, a phone for the device wallet and a numbered
 * wallet per gateway (the same gateway's second link with a link badge). No brand the backend does not give.
 */
export type PayTypeLook =
  | { readonly kind: 'schemes'; readonly schemes: readonly Scheme[] }
  | { readonly kind: 'applePay' }
  | { readonly kind: 'device' }
  | { readonly kind: 'bankPage' }
  | { readonly kind: 'gateway'; readonly gateway: 1 | 2 | 3 | 4; readonly alternate: boolean };

const LOOKS: Readonly<Record<number, PayTypeLook>> = {
  23: { kind: 'schemes', schemes: ['mada', 'visa', 'mastercard'] },
  24: { kind: 'bankPage' },
  25: { kind: 'gateway', gateway: 1, alternate: false },
  26: { kind: 'applePay' },
  27: { kind: 'schemes', schemes: ['visa', 'mastercard'] },
  28: { kind: 'gateway', gateway: 2, alternate: false },
  29: { kind: 'gateway', gateway: 3, alternate: false },
  30: { kind: 'gateway', gateway: 4, alternate: false },
  31: { kind: 'gateway', gateway: 1, alternate: true },
  2528: { kind: 'device' },
};

export function payTypeLook(payType: number): PayTypeLook | undefined {
  return Object.hasOwn(LOOKS, payType) ? LOOKS[payType] : undefined;
}

/** A pay type's mark; nothing for a pay type SPEC §3 does not list. */
export function PayTypeMark({ payType }: { readonly payType: number }) {
  const look = payTypeLook(payType);
  if (look === undefined) return null;
  switch (look.kind) {
    case 'schemes':
      return <SchemeMarks schemes={look.schemes} />;
    case 'applePay':
      return (
        <span className="pay-mark pay-mark--applepay" aria-hidden="true" data-mark="applePay">
          Apple Pay
        </span>
      );
    case 'device':
      return (
        <span className="pay-mark pay-mark--device" aria-hidden="true" data-mark="device">
          <svg width="12" height="18" viewBox="0 0 12 18" aria-hidden="true" focusable="false">
            <rect
              x="1"
              y="1"
              width="10"
              height="16"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <circle cx="6" cy="13.5" r="1.2" fill="currentColor" />
          </svg>
        </span>
      );
    case 'bankPage':
      return (
        <span className="pay-mark pay-mark--bankpage" aria-hidden="true" data-mark="bankPage">
          <svg width="22" height="16" viewBox="0 0 22 16" aria-hidden="true" focusable="false">
            <rect
              x="1"
              y="2"
              width="16"
              height="12"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <path d="M1 6h16" stroke="currentColor" strokeWidth="2" />
            <path d="M15 1h6v6M21 1l-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </span>
      );
    case 'gateway':
      return (
        <span
          className={`pay-mark pay-mark--gateway pay-mark--gateway${look.gateway}`}
          aria-hidden="true"
          data-mark={`gateway${look.gateway}${look.alternate ? '-alternate' : ''}`}
        >
          <WalletGlyph />
          <span className="pay-mark__number">{look.gateway}</span>
          {look.alternate ? <span className="pay-mark__alt">↗</span> : null}
        </span>
      );
  }
}

export function MethodMark({ kind }: { readonly kind: keyof typeof GLYPH }) {
  return (
    <span className={`pay-mark pay-mark--${kind}`} aria-hidden="true">
      {GLYPH[kind]}
    </span>
  );
}

/** Any e-wallet, where no one gateway is meant (the landing's accepted methods). */
export function WalletMark() {
  return (
    <span className="pay-mark pay-mark--wallet" aria-hidden="true" data-mark="wallet">
      <WalletGlyph />
    </span>
  );
}

function WalletGlyph() {
  return (
    <svg width="18" height="16" viewBox="0 0 18 16" aria-hidden="true" focusable="false">
      <path d="M2 4h12a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H2z" fill="currentColor" />
      <path d="M2 4l9-3v3" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="12.5" cy="9.5" r="1.3" fill="#fff" />
    </svg>
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
