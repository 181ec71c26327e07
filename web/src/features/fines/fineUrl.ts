/** What the /fines URL says: the fine id (`?id=`) and, back from the hosted page, the order to ask about. */

/**
 * `account` is the display id of the banned account the visitor came from (the recharge list's "pay the
 * fine"), kept so the page says whose fine it asks for; undefined when the link has none (or a wrong one).
 */
export type FineLink =
  | {
      readonly kind: 'fine';
      readonly fineId: number;
      readonly returnOrderId: string | undefined;
      readonly account?: string;
    }
  | { readonly kind: 'missing'; readonly account?: string }
  | { readonly kind: 'invalid'; readonly account?: string };

/** Display ids as the account search takes them: digits only, 5 to 20 of them. */
const ACCOUNT = /^\d{5,20}$/;

/** Ids are positive whole numbers of at most 12 digits; anything else is refused before any call. */
const FINE_ID = /^[1-9]\d{0,11}$/;

export function fineLinkOf(search: string): FineLink {
  const params = new URLSearchParams(search);
  const accountArg = params.get('account')?.trim() ?? '';
  const account = ACCOUNT.test(accountArg) ? { account: accountArg } : {};
  const raw = params.get('id')?.trim();
  if (raw === undefined || raw === '') return { kind: 'missing', ...account };
  if (!FINE_ID.test(raw)) return { kind: 'invalid', ...account };
  const shown = params.get('zp_show') === '1';
  const orderId = params.get('zp_orderid') ?? params.get('order_id') ?? '';
  return {
    kind: 'fine',
    fineId: Number(raw),
    returnOrderId: shown && orderId !== '' ? orderId : undefined,
    ...account,
  };
}

/** The fine's own URL without the return arguments, so a reload does not ask about the order again. */
export function fineSearch(fineId: number, account?: string): string {
  return `?${new URLSearchParams({ id: String(fineId), ...(account === undefined ? {} : { account }) })}`;
}
