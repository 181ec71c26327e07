// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pendingPanelOf } from './pendingPanel';

describe("a pending order's panel", () => {
  const ORDER = 'PO0123456789abcdef0123456789abcdef';
  it('found again after a reload with its 3-D Secure check open: interrupted, the way on is to give it up', () => {
    const panel = pendingPanelOf(ORDER, false, { orderId: ORDER, challenged: true });
    expect(panel.title).toBe('pay.resultChallengeInterruptedTitle');
    expect([panel.primary.action, panel.secondary.action]).toEqual(['giveUp', 'checkAgain']);
  });
  it("found again after a return from its own page (a provider's, the issuer's): not confirmed, give it up", () => {
    const panel = pendingPanelOf(ORDER, false, { orderId: ORDER, left: true });
    expect(panel.title).toBe('pay.resultReturnedTitle');
    expect([panel.primary.action, panel.secondary.action]).toEqual(['giveUp', 'checkAgain']);
  });
  it.each([
    [
      'followed by the page (its own check ended, the result slow)',
      true,
      { orderId: ORDER, challenged: true },
    ],
    ['followed by the page, its own page left and answered late', true, { orderId: ORDER, left: true }],
    [
      'found again, no check was opened and no page left (a reload, a lost answer)',
      false,
      { orderId: ORDER },
    ],
    ['nothing kept any more', false, undefined],
    // A return link (or "check again") for another order than the one kept: the give-up would give up another.
    [
      'another order than the one kept, which was left for its page',
      false,
      { orderId: 'PO-other', left: true },
    ],
    [
      'another order than the one kept, whose check was open',
      false,
      { orderId: 'PO-other', challenged: true },
    ],
  ])('%s: processing, check again', (_, followed, kept) => {
    const panel = pendingPanelOf(ORDER, followed, kept);
    expect(panel.title).toBe('pay.resultProcessingTitle');
    expect(panel.primary.action).toBe('checkAgain');
  });
});
