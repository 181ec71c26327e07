import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hrefOf, Link, Navigate, navigate, useLocation } from './routing';

describe('hrefOf', () => {
  it.each([
    ['/about', '/x', '/about'],
    ['/pay?uid=1', '/x', '/pay?uid=1'],
    [{ pathname: '/login', search: '?a=1' }, '/x', '/login?a=1'],
    [{ pathname: '/login', search: 'a=1' }, '/x', '/login?a=1'],
    [{ pathname: '/recharge-list', search: '' }, '/x', '/recharge-list'],
    [{ pathname: '/' }, '/x', '/'],
    [{ search: '?tab=2' }, '/home-now', '/home-now?tab=2'],
  ] as const)('%j from %s → %s', (to, current, href) => {
    expect(hrefOf(to, current)).toBe(href);
  });
});

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="where">{`${pathname}${search}${hash}`}</output>;
}
const where = () => screen.getByTestId('where').textContent;

/**
 * Clicks `link` and says whether the app took the click over (prevented the browser's own navigation). The
 * document's listener runs after the app's and then stops the browser navigating, which jsdom cannot.
 */
function appTookClick(link: HTMLElement, init: MouseEventInit = {}): boolean {
  let taken = false;
  const seen = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', seen, { once: true });
  act(() => {
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  });
  return taken;
}

describe('useLocation, Link and Navigate over the History API', () => {
  beforeEach(() => history.replaceState(null, '', '/recharge-list?tab=2'));
  afterEach(() => {
    cleanup();
    history.replaceState(null, '', '/');
  });

  it('renders again on a push, a replace (from anywhere), back and forward, and a hash change', async () => {
    render(<Where />);
    expect(where()).toBe('/recharge-list?tab=2');
    act(() => navigate('/login?a=1'));
    expect(where()).toBe('/login?a=1');
    act(() => navigate({ search: 'b=2' }, { replace: true }));
    expect(where()).toBe('/login?b=2');
    // Start-up taking the sign-in arguments out of the address bar is a replaceState of its own.
    act(() => history.replaceState(history.state, '', '/login'));
    expect(where()).toBe('/login');
    await act(async () => {
      const popped = new Promise((done) => addEventListener('popstate', done, { once: true }));
      history.back();
      await popped;
    });
    expect(where()).toBe('/recharge-list?tab=2');
    await act(async () => {
      const popped = new Promise((done) => addEventListener('popstate', done, { once: true }));
      history.forward();
      await popped;
    });
    expect(where()).toBe('/login');
    act(() => {
      location.hash = 'x=1';
      dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(where()).toBe('/login#x=1');
  });

  it('keeps the query raw: what the page reads is what the address bar holds', () => {
    history.replaceState(null, '', '/fines?id=7%26x&q=%2541');
    render(<Where />);
    expect(where()).toBe('/fines?id=7%26x&q=%2541');
    expect(new URLSearchParams(location.search).get('q')).toBe('%41');
  });

  it('navigate pushes a new entry; replace takes the place of the current one', () => {
    const before = history.length;
    navigate('/about');
    expect([location.pathname, history.length]).toEqual(['/about', before + 1]);
    navigate('/contact', { replace: true });
    expect([location.pathname, history.length]).toEqual(['/contact', before + 1]);
  });

  it('a plain click on a Link navigates in the page, keeping the query it names', () => {
    const clicked = vi.fn();
    render(
      <>
        <Where />
        <Link to={{ pathname: '/login', search: '?tab=2' }} onClick={clicked}>
          in
        </Link>
      </>,
    );
    const link = screen.getByRole('link', { name: 'in' });
    expect(link.getAttribute('href')).toBe('/login?tab=2');
    expect(appTookClick(link)).toBe(true);
    expect(clicked).toHaveBeenCalledOnce();
    expect(where()).toBe('/login?tab=2');
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['middle button', { button: 1 }],
  ])('a %s click is left to the browser (a new tab or window): the page stays', (_, init) => {
    render(
      <>
        <Where />
        <Link to="/login">in</Link>
      </>,
    );
    expect(appTookClick(screen.getByRole('link', { name: 'in' }), init)).toBe(false);
    expect(where()).toBe('/recharge-list?tab=2');
  });

  it('a Link whose onClick prevents the default does not navigate', () => {
    render(
      <>
        <Where />
        <Link to="/login" onClick={(event) => event.preventDefault()}>
          held
        </Link>
      </>,
    );
    expect(appTookClick(screen.getByRole('link', { name: 'held' }))).toBe(true);
    expect(where()).toBe('/recharge-list?tab=2');
  });

  it('Navigate replaces the location once, when it first renders', () => {
    const before = history.length;
    const view = render(<Navigate to="/?tab=2" replace />);
    expect([location.pathname + location.search, history.length]).toEqual(['/?tab=2', before]);
    view.rerender(<Navigate to="/elsewhere" replace />);
    expect(location.pathname).toBe('/');
  });
});
