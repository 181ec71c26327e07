/** Layout and zoom (SPEC §2): desktop above 800 px; multi-touch and double-tap (300 ms) zoom blocked. */
export const DESKTOP_MIN_WIDTH = 801;
export const DOUBLE_TAP_MS = 300;

export type LayoutMode = 'mobile' | 'desktop';

export function layoutOf(width: number): LayoutMode {
  return width >= DESKTOP_MIN_WIDTH ? 'desktop' : 'mobile';
}

/** Keeps `data-layout` on <html> in step with the window width. */
export function trackLayout(root: HTMLElement = document.documentElement): () => void {
  const query = window.matchMedia(`(min-width: ${DESKTOP_MIN_WIDTH}px)`);
  const apply = () => root.setAttribute('data-layout', query.matches ? 'desktop' : 'mobile');
  apply();
  query.addEventListener('change', apply);
  return () => query.removeEventListener('change', apply);
}

/** Zoom is blocked by script, not by the viewport tag, so the page stays accessible to zoom tools. */
export function blockZoom(target: Document = document): () => void {
  let lastTouchEnd = 0;
  const onTouchStart = (event: TouchEvent) => {
    if (event.touches.length > 1) event.preventDefault();
  };
  const onTouchEnd = (event: TouchEvent) => {
    const now = event.timeStamp;
    if (now - lastTouchEnd <= DOUBLE_TAP_MS) event.preventDefault();
    lastTouchEnd = now;
  };
  const onGesture = (event: Event) => event.preventDefault();
  target.addEventListener('touchstart', onTouchStart, { passive: false });
  target.addEventListener('touchend', onTouchEnd, { passive: false });
  target.addEventListener('gesturestart', onGesture);
  return () => {
    target.removeEventListener('touchstart', onTouchStart);
    target.removeEventListener('touchend', onTouchEnd);
    target.removeEventListener('gesturestart', onGesture);
  };
}
