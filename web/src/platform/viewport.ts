/** Layout and zoom (SPEC §2): desktop above 800 px; multi-touch and double-tap (300 ms) zoom blocked. */
export const DESKTOP_MIN_WIDTH = 801;
export const DOUBLE_TAP_MS = 300;

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
 * page's life (nothing ever lifts it).
 */
export function blockZoom(target: Document = document): void {
  let lastTouchEnd = 0;
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
      const now = event.timeStamp;
      if (now - lastTouchEnd <= DOUBLE_TAP_MS) event.preventDefault();
      lastTouchEnd = now;
    },
    { passive: false },
  );
  target.addEventListener('gesturestart', (event) => event.preventDefault());
}
