/** What the /fines URL says: the fine id (`?id=`) and, back from the hosted page, the order to ask about. */

export type FineLink =
  | { readonly kind: 'fine'; readonly fineId: number; readonly returnOrderId: string | undefined }
  | { readonly kind: 'missing' }
  | { readonly kind: 'invalid' };

/** Ids are positive whole numbers of at most 12 digits; anything else is refused before any call. */
const FINE_ID = /^[1-9]\d{0,11}$/;

export function fineLinkOf(search: string): FineLink {
  const params = new URLSearchParams(search);
  const raw = params.get('id')?.trim();
  if (raw === undefined || raw === '') return { kind: 'missing' };
  if (!FINE_ID.test(raw)) return { kind: 'invalid' };
  const shown = params.get('zp_show') === '1';
  const orderId = params.get('zp_orderid') ?? params.get('order_id') ?? '';
  return { kind: 'fine', fineId: Number(raw), returnOrderId: shown && orderId !== '' ? orderId : undefined };
}

/** The fine's own URL without the return arguments, so a reload does not ask about the order again. */
export function fineSearch(fineId: number): string {
  return `?${new URLSearchParams({ id: String(fineId) })}`;
}
