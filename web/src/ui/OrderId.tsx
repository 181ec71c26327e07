/** How many of the order number's last characters always show (as on the receipt, payments/OrderNumber.tsx). */
const TAIL = 6;

/**
 * An order number inside a sentence (a notice's "your order number …"): left to right in its own isolate, on
 * one line, never broken in the middle (ui.css `.order-id`). Where a phone cannot fit it whole, its middle gives
 * way to an ellipsis and its last characters stay, as on the receipt, rather than the page widening; its full
 * text stays the element's text and title.
 */
export function OrderId({ id, testId }: { readonly id: string | undefined; readonly testId?: string }) {
  const order = id ?? '';
  return (
    <bdi dir="ltr" className="order-id" title={id} data-testid={testId}>
      <span className="order-id__head">{order.slice(0, -TAIL)}</span>
      <span className="order-id__tail">{order.slice(-TAIL)}</span>
    </bdi>
  );
}
