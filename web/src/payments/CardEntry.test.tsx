import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler, type ReactNode, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardFrameStep } from './CardEntry';
import type { CardFieldsProps } from './providers/types';

/** Card fields standing in for the provider's: valid at once, so the step reports itself ready. */
function FakeCardFields({ onValidity, bindSubmit }: CardFieldsProps) {
  useEffect(() => {
    onValidity({ valid: true, messages: [] });
    bindSubmit(async () => ({
      ok: true,
      value: { token: 'tok_fake', bin: '424242', last4: '4242', scheme: 'visa', cardValidDate: '12/30' },
    }));
  }, [onValidity, bindSubmit]);
  return <div data-testid="card-fields" />;
}

const adapter = vi.hoisted(() => ({ settle: (_: unknown) => {} }));
vi.mock('./providers/adapters', () => ({
  loadCardFields: () =>
    new Promise((resolve) => {
      adapter.settle = resolve;
    }),
  loadCvvField: () => new Promise(() => {}),
}));

afterEach(cleanup);

/** Renders the card entry and counts React's commits of it (each a redraw of the whole entry). */
function renderCounted(children: ReactNode) {
  const commits: string[] = [];
  render(
    <Profiler id="card" onRender={(_id, phase) => commits.push(phase)}>
      {children}
    </Profiler>,
  );
  return commits;
}

describe('the card entry while its provider’s fields load (issue 16: blocking time)', () => {
  it('is drawn once while loading, then the fields take the loading line’s place and the step is ready', async () => {
    const ready = vi.fn();
    const commits = renderCounted(
      <CardFrameStep provider={13} offerRemember remember={false} onRemember={() => {}} onReady={ready} />,
    );
    // Effects have run: no second draw for the same "loading" state.
    await act(async () => {});
    expect(commits).toEqual(['mount']);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByTestId('card-fields')).toBeNull();

    await act(async () => adapter.settle(FakeCardFields));
    expect(screen.getByTestId('card-fields')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    // Valid fields without a holder name: not ready yet (the name is the app's own field).
    expect(ready).toHaveBeenLastCalledWith(undefined);
  });
});
