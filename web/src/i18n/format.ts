/**
 * Amounts and counts as the product writes them (SPEC §1: Western digits, read left to right). Apart from
 * t.ts because only lazily loaded pages and panels show amounts: the first screen does not carry this.
 */

// Made on first use, not when the module loads: making a NumberFormat is slow on a slow phone (ICU's data).
// The amounts and counts the product shows (not negative, below 10^15, not in exponent form) are written
// without one, exactly as it would write them (format.test.ts compares the two); anything else goes to Intl.
let usd: Intl.NumberFormat | undefined;
let count: Intl.NumberFormat | undefined;
let sar: Intl.NumberFormat | undefined;

/** Whole digits grouped by three with commas, as en-US writes them. */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A number this may write itself: finite, not negative (nor -0), below 10^15. */
const plain = (value: number) =>
  Number.isFinite(value) && value >= 0 && !Object.is(value, -0) && value < 1e15;

/** Amounts and counts read left to right in Western digits, as the product shows them. */
export function formatUsd(amount: number): string {
  // Intl rounds the number's shortest decimal form (1.005 is $1.01) to the cent, ties away from zero.
  const decimal = plain(amount) ? String(amount) : 'e';
  if (!decimal.includes('e')) {
    const [whole = '0', fraction = ''] = decimal.split('.');
    const cents =
      BigInt(whole + fraction.slice(0, 2).padEnd(2, '0')) + ((fraction[2] ?? '0') >= '5' ? 1n : 0n);
    const digits = cents.toString().padStart(3, '0');
    return `$${grouped(digits.slice(0, -2))}.${digits.slice(-2)}`;
  }
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(amount);
}

/**
 * A USD amount in riyals at the fixed peg (3.75 riyals a dollar), to the halala (ties up), in Western digits read left to right: the
 * number of "≈ 18.71 ر.س" beside $4.99. An approximation: the card is charged in USD.
 */
export function formatSarEquivalent(usdAmount: number): string {
  const cents = Math.round(usdAmount * 100);
  // Beyond exact integer arithmetic (an answer no real package has): Intl writes it, never in exponent form.
  if (!plain(usdAmount) || !Number.isSafeInteger(cents * 375)) {
    sar ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return sar.format(usdAmount * 3.75);
  }
  // 3.75 = 375/100: whole halalas from whole cents, rounded half up, with integers only.
  const halalas = Math.floor((cents * 375 + 50) / 100);
  const digits = String(halalas).padStart(3, '0');
  return `${grouped(digits.slice(0, -2))}.${digits.slice(-2)}`;
}

export function formatCount(value: number): string {
  if (plain(value) && Number.isSafeInteger(value)) return grouped(String(value));
  count ??= new Intl.NumberFormat('en-US');
  return count.format(value);
}
