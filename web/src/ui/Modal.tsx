import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { tPopup } from '../i18n/popups';
import { useBackGuard } from '../platform/backGuard';
import { holdTaps } from './tapHold';

export interface ModalProps {
  readonly open: boolean;
  readonly title: string;
  /** Mask tap, Escape and the close button call this; omit it for a popup that must be answered. */
  readonly onDismiss?: (() => void) | undefined;
  readonly children: ReactNode;
  readonly variant?: 'center' | 'sheet';
  readonly footer?: ReactNode;
  readonly testId?: string;
  /**
   * The browser's and the phone's Back close the popup (`onDismiss`) rather than leave the page, as an app's
   * sheet does: an entry of the same address sits on top while it is open (over the pay step's own, when it
   * opens over the pay step: Back then closes the popup only). A popup that cannot be dismissed at the moment
   * (it must be answered, or its answer is under way) keeps the visitor on the page: Back leaves it open.
   * Not for the pay step's own popups, which its guard closes as the step's back.
   */
  readonly closesOnBack?: boolean;
  /**
   * What Back does for a popup that must be answered (no `onDismiss`): its safe answer, which closes it. Given,
   * Back closes the popup as `closesOnBack` does, with no close button, Escape or mask tap added.
   */
  readonly onBack?: (() => void) | undefined;
}

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

let openCount = 0;

/** Whether the element that had the focus before a popup can take it back: still there, enabled, shown. */
function canTakeFocusBack(element: HTMLElement | null): element is HTMLElement {
  if (element === null || !element.isConnected || element === document.body) return false;
  if (element.matches(':disabled') || element.closest('[hidden],[inert],[aria-hidden="true"]') !== null)
    return false;
  const style = getComputedStyle(element);
  return style.visibility !== 'hidden' && style.display !== 'none';
}

/**
 * Where the focus goes when a popup closes and its opener cannot take it back (gone, disabled, hidden, or
 * the focus was nowhere when it opened): the page's main heading, else the main region, so the next Tab goes
 * on from the page rather than from the skip link.
 */
function focusFallback(): void {
  const main = document.querySelector<HTMLElement>('main');
  const heading = (main ?? document).querySelector<HTMLElement>('h1');
  const target = heading !== null && canTakeFocusBack(heading) ? heading : main;
  if (target === null) return;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}

/** The app shell is made inert while a popup is open, so focus and the screen reader stay inside it. */
function setShellInert(inert: boolean): void {
  const shell = document.getElementById('root');
  if (shell === null) return;
  if (inert) shell.setAttribute('inert', '');
  else shell.removeAttribute('inert');
}

/**
 * The generic modal of SPEC §2: a 0.4 black mask; mask tap and the close button dismiss it when it is
 * cancellable. Focus moves into it on open and back to where it was on close, or to the page's main
 * heading when that control is gone, disabled or hidden. A popup mostly opens as the answer to a tap, drawn
 * where the finger still is: taps are held as it opens (tapHold.ts), so neither the rest of that tap nor a
 * double tap's second presses its buttons or its mask; the keyboard answers it at once. Closed within the hold
 * (Back, Escape), it lets the page beneath answer the next tap.
 */
export function Modal({
  open,
  title,
  onDismiss,
  children,
  variant = 'center',
  footer,
  testId,
  closesOnBack = false,
  onBack,
}: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  const backRef = useRef(onBack);
  backRef.current = onBack;

  // Before the browser paints it, so no tap can reach it unheld; closed within the hold, it lets taps go.
  useLayoutEffect(() => {
    if (open) return holdTaps();
  }, [open]);

  // A layout effect, as the taps' hold: the popup's keys (Escape, Tab) are listened to before it is painted, so
  // an Escape pressed as soon as it shows is never lost to the moment before an effect would run.
  useLayoutEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openCount += 1;
    setShellInert(true);
    const node = panel.current;
    const first =
      node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && dismissRef.current) {
        event.preventDefault();
        dismissRef.current();
      }
      if (event.key !== 'Tab' || node === null) return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const head = items[0];
      const tail = items[items.length - 1];
      if (head === undefined || tail === undefined) return;
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openCount -= 1;
      if (openCount === 0) setShellInert(false);
      if (canTakeFocusBack(previous)) previous.focus();
      // Another popup still open keeps the page inert: the focus stays with it.
      else if (openCount === 0) focusFallback();
    };
  }, [open]);

  // Mounted while closed too, so a popup closed by its own controls takes its history entry off again.
  const backCloses =
    closesOnBack || onBack !== undefined ? (
      <BackCloses open={open} onBack={() => (dismissRef.current ?? backRef.current)?.()} />
    ) : null;
  if (!open) return backCloses;
  const popup = createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: tapping the mask is a pointer shortcut; keyboards have Escape and the close button
    <div
      className={`mask mask-${variant}`}
      data-testid="modal-mask"
      onClick={(event) => {
        if (event.target === event.currentTarget) onDismiss?.();
      }}
      role="presentation"
    >
      <div
        ref={panel}
        className={`popup popup-${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="popup-head">
          <h2 id={titleId} className="popup-title">
            {title}
          </h2>
          {onDismiss ? (
            <button
              type="button"
              className="popup-close"
              onClick={onDismiss}
              aria-label={tPopup('popup.close')}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        <div className="popup-body">{children}</div>
        {footer ? <div className="popup-foot">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
  return (
    <>
      {backCloses}
      {popup}
    </>
  );
}

/** Back closes the popup while it is open (`closesOnBack`). */
function BackCloses({ open, onBack }: { readonly open: boolean; readonly onBack: () => void }) {
  useBackGuard(open, onBack);
  return null;
}
