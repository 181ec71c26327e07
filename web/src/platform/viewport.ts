/** Layout and zoom (SPEC §2): desktop above 800 px; multi-touch and double-tap (300 ms) zoom blocked. */
export const DESKTOP_MIN_WIDTH = 801;
export const DOUBLE_TAP_MS = 300;
/**
 * How near a second tap must land to make a double tap with the first: the smallest tap target's size (44 px),
 * so a quick tap on another control, even the next one along, is a tap of its own.
 */
export const DOUBLE_TAP_SLOP_PX = 44;

export type LayoutMode = 'mobile' | 'desktop';

export function layoutOf(width: number): LayoutMode {
  return width >= DESKTOP_MIN_WIDTH ? 'desktop' : 'mobile';
}

/** Keeps `data-layout` on <html> in step with the window width, for the page's life. */
export function trackLayout(root: HTMLElement = document.documentElement): void {
  const query = window.matchMedia(`(min-width: ${DESKTOP_MIN_WIDTH}px)`);
  const apply = () => root.setAttribute('data-layout', query.matches ? 'desktop' : 'mobile');
  apply();
  query.addEventListener('change', apply);
}

/**
 * Zoom is blocked by script, not by the viewport tag, so the page stays accessible to zoom tools; for the
 * page's life (nothing ever lifts it). A double tap is two taps on one spot within 300 ms: only its second
 * tap is dropped. Two quick taps in two places (a package, then "pay now") are two taps, and both act.
 */
export function blockZoom(target: Document = document): void {
  let lastTap: { readonly at: number; readonly x: number; readonly y: number } | undefined;
  target.addEventListener(
    'touchstart',
    (event) => {
      if (event.touches.length > 1) event.preventDefault();
    },
    { passive: false },
  );
  target.addEventListener(
    'touchend',
    (event) => {
      const lifted = event.changedTouches[0];
      const tap = { at: event.timeStamp, x: lifted?.clientX ?? 0, y: lifted?.clientY ?? 0 };
      if (
        lastTap !== undefined &&
        tap.at - lastTap.at <= DOUBLE_TAP_MS &&
        Math.hypot(tap.x - lastTap.x, tap.y - lastTap.y) < DOUBLE_TAP_SLOP_PX
      )
        event.preventDefault();
      lastTap = tap;
    },
    { passive: false },
  );
  target.addEventListener('gesturestart', (event) => event.preventDefault());
}
