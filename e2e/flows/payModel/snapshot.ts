import type { Page } from '@playwright/test';

/**
 * What the visitor can see and reach, read in one round trip (the model-based pay journey test reads it after
 * every step). "Operable" is what a tap can reach: rendered, enabled, not inside an inert subtree, and the
 * topmost element where it is drawn (a dialog under a full-screen layer is not operable).
 */
export interface Snapshot {
  readonly url: string;
  readonly path: string;
  /** The document is loaded and nothing is being waited for (no overlay, no order being made or asked). */
  readonly resting: boolean;
  /** /pay-step's sub-step and journey phase (its data-step and data-phase). */
  readonly step: string | undefined;
  readonly phase: string | undefined;
  /** Every open dialog (modals, the challenge, the wallet sheet), with whether a tap can reach it. */
  readonly dialogs: readonly { readonly name: string; readonly operable: boolean }[];
  /** The pay button: shown, enabled and reachable. */
  readonly payOperable: boolean;
  readonly payText: string;
  /** The selected pay method on the first step: a pay type, "saved" (the saved card) or none. */
  readonly selected: string | undefined;
  readonly recipient: string | undefined;
  /** Enabled controls a tap can reach (the challenge frame's counted as one when it can be reached). */
  readonly controls: number;
  /** The digits of every card-number field, and every CVV field's value. */
  readonly cardNumbers: readonly string[];
  readonly cvvs: readonly string[];
  /** The result panel's outcome (success, fail, pending…) and its buttons' labels. */
  readonly outcome: string | undefined;
  readonly resultButtons: readonly string[];
  /** Texts of the visible network notices (the offline notice must be one). */
  readonly offlineNotices: number;
  /** The packages of the recharge list, when it is shown and ready. */
  readonly packages: number;
  /** The first step's methods: pay types, and "saved" for the saved card. */
  readonly methods: readonly string[];
  /** The saved cards listed on the saved-cards step. */
  readonly savedCards: number;
}

/**
 * Runs in the page: must not close over anything (it is sent as its source). With `stableFrames` > 0 it
 * answers only once the page has rested on the same screen for that many polls in a row (else false).
 */
export function readSnapshot(stableFrames: number): Snapshot | false {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const shown = (el: Element) =>
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
    el.getBoundingClientRect().width > 0;
  /** A fixed layer that covers most of the viewport at its centre, when it does not hold `el`. */
  const coveredOffscreen = (el: Element) => {
    let top = document.elementFromPoint(vw / 2, vh / 2);
    while (top !== null) {
      const style = getComputedStyle(top);
      const r = top.getBoundingClientRect();
      if (style.position === 'fixed' && r.width * r.height >= 0.8 * vw * vh) return !top.contains(el);
      top = top.parentElement;
    }
    return false;
  };
  const reachable = (el: Element) => {
    if (!shown(el) || el.closest('[inert]') !== null) return false;
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= vw || y >= vh) return !coveredOffscreen(el);
    const top = document.elementFromPoint(x, y);
    return top !== null && (top === el || el.contains(top));
  };
  const enabled = (el: Element) =>
    !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true';
  const root = document.querySelector<HTMLElement>('[data-testid="pay-step"]');
  const dialogEls = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).filter(
    (d) => shown(d),
  );
  const dialogs = dialogEls.map((d) => ({
    name: d.getAttribute('data-testid') ?? d.getAttribute('aria-label') ?? d.className,
    operable: reachable(d),
  }));
  const pay = document.querySelector('[data-testid="pay-confirm"]');
  const payOperable = pay !== null && enabled(pay) && reachable(pay);
  const controls = Array.from(
    document.querySelectorAll('button, a[href], input, select, textarea, iframe'),
  ).filter((c) => enabled(c) && reachable(c)).length;
  const checked = document.querySelector<HTMLInputElement>(
    '[data-testid="pay-channel"] input:checked, [data-testid="saved-card-option"] input:checked',
  );
  const selected =
    checked === null
      ? undefined
      : (checked.closest('[data-pay-type]')?.getAttribute('data-pay-type') ?? 'saved');
  const values = (selector: string) =>
    Array.from(document.querySelectorAll<HTMLInputElement>(selector)).map((i) => i.value.replace(/\D/g, ''));
  const result = document.querySelector('[data-testid="pay-result"]');
  const resultPanel = document.querySelector('[data-testid="result-panel"]');
  const frame = document.querySelector<HTMLIFrameElement>('iframe.challenge-frame');
  let frameReady = false;
  try {
    frameReady =
      frame?.contentDocument?.readyState === 'complete' &&
      frame.contentDocument.querySelector('button, a[href]') !== null;
  } catch {
    frameReady = false;
  }
  const phase = root?.dataset.phase;
  const overlay = document.querySelector('[data-testid="loading-overlay"]') !== null;
  const skeleton = root !== null && root.querySelector('[data-testid="skeleton"]') !== null;
  const sheet = document.querySelector('[data-testid="mock-wallet-sheet"]') !== null;
  const path = location.pathname;
  const packages = document.querySelectorAll('[data-testid="package"]').length;
  // Taps held as a screen that answers a tap comes up (web/src/ui/tapHold.ts): no control takes the pointer yet.
  // A reload's new document can be read before its <html> is parsed (no documentElement yet): not resting.
  const html = document.documentElement as HTMLElement | null;
  const tapsHeld = html === null || html.hasAttribute('data-tap-hold');
  let resting = document.readyState === 'complete' && !overlay && !tapsHeld;
  if (path === '/pay-step' && root !== null) {
    resting &&=
      !skeleton &&
      phase !== 'ordering' &&
      phase !== 'polling' &&
      phase !== 'redirecting' &&
      (phase !== 'challenge' || frameReady) &&
      (phase !== 'walletSheet' || sheet);
  } else if (path === '/recharge-list') {
    // Its packages, or the failure that says why not (with its retry).
    resting &&=
      (packages > 0 || document.querySelector('main [role="alert"]') !== null) &&
      document.querySelector('[aria-busy="true"]') === null;
  } else if (path.startsWith('/__provider/')) {
    resting &&= document.querySelector('button, a[href]') !== null;
  } else {
    // Another of the app's pages (or its error screen): rested once nothing says it is loading.
    resting &&= document.querySelector('[aria-busy="true"], [data-testid="skeleton"]') === null;
  }
  // The pay step with nothing to tap is not a screen yet (its document still being swapped in by a reload or a
  // return); one that stays so until settle's time-out fails there: no way forward.
  if (path === '/pay-step') resting &&= controls > 0;
  const snap: Snapshot = {
    url: location.href,
    path,
    resting,
    step: root?.dataset.step,
    phase,
    dialogs,
    payOperable,
    payText: pay?.textContent ?? '',
    selected,
    recipient: document.querySelector('[data-testid="pay-recipient-nickname"]')?.textContent ?? undefined,
    controls,
    cardNumbers: values('input[autocomplete="cc-number"]'),
    cvvs: values('input[autocomplete="cc-csc"]'),
    outcome: resultPanel === null ? undefined : (result?.getAttribute('data-outcome') ?? 'unknown'),
    resultButtons:
      resultPanel === null
        ? []
        : Array.from(resultPanel.querySelectorAll('[data-testid^="result-"]'))
            .filter((b) => b.tagName === 'BUTTON')
            .map((b) => b.textContent ?? ''),
    offlineNotices: Array.from(document.querySelectorAll('[role="alert"], [role="status"]')).filter(
      (n) => shown(n) && /لا يوجد اتصال/.test(n.textContent ?? ''),
    ).length,
    packages,
    methods: Array.from(
      document.querySelectorAll('[data-testid="pay-channel"], [data-testid="saved-card-option"]'),
    ).map((m) => m.getAttribute('data-pay-type') ?? 'saved'),
    savedCards: document.querySelectorAll('[data-testid="saved-card"]').length,
  };
  if (stableFrames === 0) return snap;
  const w = window as unknown as { payModelSig?: string; payModelStable?: number };
  const sig = resting
    ? JSON.stringify([snap.url, snap.step, phase, dialogs, snap.outcome, payOperable, controls])
    : '';
  if (sig !== '' && sig === w.payModelSig) w.payModelStable = (w.payModelStable ?? 0) + 1;
  else {
    w.payModelSig = sig;
    w.payModelStable = 0;
  }
  return w.payModelStable >= stableFrames ? snap : false;
}

export async function snapshot(page: Page): Promise<Snapshot> {
  return (await page.evaluate(readSnapshot, 0)) as Snapshot;
}

/** A snapshot in one line, for a failure's message. */
export function describe(s: Snapshot | undefined): string {
  if (s === undefined) return 'nothing (the page was navigating)';
  const dialogs = s.dialogs.map((d) => `${d.name}${d.operable ? '' : ' (not operable)'}`).join(', ');
  return [
    s.path,
    s.step === undefined ? '' : `step ${s.step}`,
    s.phase === undefined ? '' : `phase ${s.phase}`,
    dialogs === '' ? '' : `dialogs: ${dialogs}`,
    s.outcome === undefined ? '' : `result ${s.outcome} [${s.resultButtons.join(' | ')}]`,
    s.payOperable ? `pay enabled "${s.payText.trim()}"` : '',
    `${s.controls} controls`,
    s.resting ? 'resting' : 'busy',
  ]
    .filter((p) => p !== '')
    .join('; ');
}
