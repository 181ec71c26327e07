import madaPay from '@iconify-icons/arcticons/mada-pay';
import applePay from '@iconify-icons/logos/apple-pay';
import googlePay from '@iconify-icons/logos/google-pay';
import mastercard from '@iconify-icons/logos/mastercard';
import payPal from '@iconify-icons/logos/paypal';
import visa from '@iconify-icons/logos/visa';
import { type PayMethod, payMethodOfType } from '@topup/contracts/payMethodNames';
import './payment.css';

/**
 * The marks of card schemes and payment methods: the brands' own logos from maintained icon packages
 * (SVG Logos, CC0; Arcticons, CC BY-SA 4.0, for mada), bundled with the page as data URIs (no image is
 * fetched), decorative only: the method's name beside them says the same in words. STC Pay is in no
 * maintained package: its mark is its name set in its colours (README "Where the product departs").
 */

interface IconData {
  readonly body: string;
  readonly width?: number;
  readonly height?: number;
}

export type Mark = 'visa' | 'mastercard' | 'mada' | 'applePay' | 'googlePay' | 'payPal' | 'stcPay';

/** mada's two bars, filled in its blue (the outline icon draws them with currentColor, which an image has not). */
const MADA_BLUE = '#259bd6';
const madaBars = madaPay.body
  .replaceAll('currentColor', MADA_BLUE)
  .replace('fill="none"', `fill="${MADA_BLUE}"`);

const ICONS: Readonly<Record<Exclude<Mark, 'stcPay'>, IconData>> = {
  visa,
  mastercard,
  mada: { ...madaPay, body: madaBars },
  applePay,
  googlePay,
  payPal,
};

function dataUri(icon: IconData): string {
  const width = icon.width ?? 16;
  const height = icon.height ?? 16;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${icon.body}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const URIS = new Map<Mark, string>();
function uriOf(mark: Exclude<Mark, 'stcPay'>): string {
  let uri = URIS.get(mark);
  if (uri === undefined) {
    uri = dataUri(ICONS[mark]);
    URIS.set(mark, uri);
  }
  return uri;
}

/** One brand's mark in a small white tile, 20 px tall. */
export function BrandMark({ mark }: { readonly mark: Mark }) {
  if (mark === 'stcPay')
    return (
      <span className="pay-mark pay-mark--stcpay" aria-hidden="true" data-mark={mark}>
        stc pay
      </span>
    );
  const icon = ICONS[mark];
  const height = 20;
  const width = Math.round((height * (icon.width ?? 16)) / (icon.height ?? 16));
  return (
    <span className="pay-mark" aria-hidden="true" data-mark={mark}>
      <img src={uriOf(mark)} alt="" width={Math.min(width, 52)} height={height} />
    </span>
  );
}

const METHOD_MARKS: Readonly<Record<PayMethod, readonly Mark[]>> = {
  mada: ['mada'],
  card: ['visa', 'mastercard'],
  applePay: ['applePay'],
  stcPay: ['stcPay'],
  googlePay: ['googlePay'],
  payPal: ['payPal'],
};

/** The marks of a pay type's method (contracts/payMethodNames.ts); none for a pay type it does not know. */
export function marksOfPayType(payType: number): readonly Mark[] {
  const method = payMethodOfType(payType);
  return method === undefined ? [] : METHOD_MARKS[method];
}

export function PayTypeMark({ payType }: { readonly payType: number }) {
  const marks = marksOfPayType(payType);
  if (marks.length === 0) return <MethodMark kind="card" />;
  return (
    <span className="pay-marks" aria-hidden="true">
      {marks.map((mark) => (
        <BrandMark key={mark} mark={mark} />
      ))}
    </span>
  );
}

const SCHEMES = ['visa', 'mastercard', 'mada'] as const;
type Scheme = (typeof SCHEMES)[number];

function schemeOf(name: string): Scheme | undefined {
  const lower = name.toLowerCase();
  return SCHEMES.find((s) => lower.includes(s === 'mastercard' ? 'master' : s));
}

/** A saved card's scheme. */
export function SchemeMark({ scheme }: { readonly scheme: string }) {
  const known = schemeOf(scheme);
  return known === undefined ? <MethodMark kind="card" /> : <BrandMark mark={known} />;
}

/** The schemes a card form accepts. */
export function SchemeMarks({ schemes = ['visa', 'mastercard'] }: { readonly schemes?: readonly Scheme[] }) {
  return (
    <span className="pay-marks" aria-hidden="true">
      {schemes.map((s) => (
        <BrandMark key={s} mark={s} />
      ))}
    </span>
  );
}

const GLYPH = { wallet: '▣', bank: '⌂', card: '▭' } as const;

/** A kind of method where no brand is known (a pay type the app does not know). */
export function MethodMark({ kind }: { readonly kind: keyof typeof GLYPH }) {
  return (
    <span className={`pay-mark pay-mark--${kind}`} aria-hidden="true" data-mark={kind}>
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
