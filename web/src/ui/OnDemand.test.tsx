import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { OnDemand } from './OnDemand';

afterEach(cleanup);

function deferredPopup() {
  let resolve: () => void = () => undefined;
  const loaded = new Promise<void>((r) => {
    resolve = r;
  });
  let loads = 0;
  const Popup = lazy(async () => {
    loads += 1;
    await loaded;
    return { default: ({ open }: { open: boolean }) => <p>{open ? 'popup open' : 'popup closed'}</p> };
  });
  return { Popup, resolve, loads: () => loads };
}

describe('a popup loaded on demand', () => {
  it('fetches nothing until wanted, shows the loading overlay meanwhile, and stays mounted once closed', async () => {
    const { Popup, resolve, loads } = deferredPopup();
    const view = (when: boolean) => (
      <OnDemand when={when}>
        <Popup open={when} />
      </OnDemand>
    );
    const { rerender } = render(view(false));
    expect(loads()).toBe(0);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();

    rerender(view(true));
    expect(loads()).toBe(1);
    expect(screen.getByTestId('loading-overlay').textContent).toContain('جارٍ التحميل');

    await act(async () => resolve());
    expect(screen.getByText('popup open')).toBeTruthy();
    expect(screen.queryByTestId('loading-overlay')).toBeNull();

    rerender(view(false));
    expect(screen.getByText('popup closed')).toBeTruthy();
    expect(loads()).toBe(1);
  });
});
