import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, LoadBoundary } from './LoadBoundary';
import { OnDemand } from './OnDemand';

afterEach(cleanup);

/**
 * A lazily loaded part whose code cannot be fetched, and its failed import to wait for: once `settled` (under
 * act) the boundary has caught it, so the tests query at once rather than poll against a clock.
 */
const offline = () => {
  const failure = Promise.reject<{ default: () => null }>(
    new TypeError('Failed to fetch dynamically imported module'),
  );
  const settled = () =>
    act(() =>
      failure.then(
        () => undefined,
        () => undefined,
      ),
    );
  return { Part: lazy(() => failure), settled };
};

describe('code that cannot be fetched', () => {
  it('a page whose stylesheet cannot be fetched (offline) is told as a load failure, not as unexpected', () => {
    // Vite's preload of a lazy page's CSS rejects with this before the module's own import fails.
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/PayStepPage-2x6FS6Yc.css'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('says so beside the rest of the page, and tries again on request', async () => {
    const { Part: Panel, settled } = offline();
    const retry = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <main>
        <h1>شحن الماس</h1>
        <LoadBoundary onRetry={retry}>
          <Suspense fallback={<p>…</p>}>
            <Panel />
          </Suspense>
        </LoadBoundary>
      </main>,
    );
    await settled();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('تعذّر تحميل هذا الجزء من الصفحة');
    expect(screen.getByRole('heading', { name: 'شحن الماس' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(retry).toHaveBeenCalledTimes(1);
    vi.mocked(console.error).mockRestore();
  });

  it('a popup loaded on demand that fails shows the same notice instead of the loading overlay', async () => {
    const { Part: Popup, settled } = offline();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <OnDemand when>
        <Popup />
      </OnDemand>,
    );
    await settled();
    expect(screen.getByTestId('load-failed').getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    vi.mocked(console.error).mockRestore();
  });

  it('another error while rendering is reported and told as unexpected', () => {
    const reported = vi.fn();
    const original = globalThis.reportError;
    globalThis.reportError = reported;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('a bug');
    };
    render(
      <LoadBoundary>
        <Broken />
      </LoadBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('حدث خطأ غير متوقع');
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: 'a bug' }));
    globalThis.reportError = original;
    vi.mocked(console.error).mockRestore();
  });

  it('a new route clears the failure without remounting what renders fine', async () => {
    const { Part: Panel, settled } = offline();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = (path: string) => (
      <LoadBoundary resetKey={path} page>
        <Suspense fallback={null}>{path === '/login' ? <Panel /> : <p>الصفحة {path}</p>}</Suspense>
      </LoadBoundary>
    );
    const { rerender } = render(view('/login'));
    await settled();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('تعذّر تحميل الصفحة');
    rerender(view('/pay'));
    expect(screen.getByText('الصفحة /pay')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    vi.mocked(console.error).mockRestore();
  });

  it('a page fetched offline says it waits for the connection, and tries again by itself once the server answers', async () => {
    const { Part: Page, settled } = offline();
    const retry = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let answer: (value: Response) => void = () => undefined;
    const fetched = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetched);
    render(
      <LoadBoundary page onRetry={retry}>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </LoadBoundary>,
    );
    await settled();
    expect(screen.getByRole('alert').textContent).toContain('ستُحمَّل الصفحة تلقائيًا حين يعود الاتصال');
    onLine.mockReturnValue(true);
    act(() => void dispatchEvent(new Event('online')));
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(retry).not.toHaveBeenCalled();
    await act(async () => answer(new Response(null, { status: 404 })));
    expect(retry).toHaveBeenCalledTimes(1);
    // Once: a later 'online' tries nothing more.
    act(() => void dispatchEvent(new Event('online')));
    expect(fetched).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    onLine.mockRestore();
    vi.mocked(console.error).mockRestore();
  });

  it('a part of a page (a popup) does not reload the page by itself', async () => {
    const { Part: Popup, settled } = offline();
    const retry = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetched = vi.fn(() => Promise.resolve(new Response(null)));
    vi.stubGlobal('fetch', fetched);
    render(
      <LoadBoundary onRetry={retry}>
        <Suspense fallback={null}>
          <Popup />
        </Suspense>
      </LoadBoundary>,
    );
    await settled();
    await act(async () => void dispatchEvent(new Event('online')));
    expect(fetched).not.toHaveBeenCalled();
    expect(retry).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    vi.mocked(console.error).mockRestore();
  });
});
