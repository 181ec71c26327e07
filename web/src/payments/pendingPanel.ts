import { challengeInterruptedPanel, processingPanel, type ResultPanel, returnedUnpaidPanel } from './outcome';

/**
 * A pending order's panel: "processing, check again", unless the page found the order again (a reload, a
 * return; not followed by the page itself) with its 3-D Secure check open: that check went with the page and
 * nothing can resume it, so it is said interrupted, with the way to give the order up and pay again
 * (`giveUpOrder`); or the page had left for the order's own page (a provider's, the issuer's) and came back
 * without its result (by Back, or by the page's return link): said not confirmed, with the same way on, and
 * "check again". Only the order this tab kept (`kept`, the one a give-up gives up) is offered either way; any
 * other pending order (a return link naming another tab's, another device's or a crafted one) is "processing":
 * holding an order's id or its return link is no proof that it is this visitor's to give up. The pay step's
 * result panel and the fines screen's pending ending both say it (one rule, one wording).
 */
export function pendingPanelOf(
  orderId: string,
  followed: boolean,
  kept:
    | {
        readonly orderId: string;
        readonly challenged?: boolean | undefined;
        readonly left?: boolean | undefined;
      }
    | undefined,
): ResultPanel {
  if (followed || kept?.orderId !== orderId) return processingPanel;
  if (kept.challenged === true) return challengeInterruptedPanel;
  return kept.left === true ? returnedUnpaidPanel : processingPanel;
}
