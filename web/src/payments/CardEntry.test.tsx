import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Profiler, type ReactNode, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardFrameStep } from './CardEntry';
import type { CardFieldsProps, CardFieldsValidity } from './providers/types';

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
      <CardFrameStep
        provider={13}
        rememberOffer="offered"
        remember={false}
        onRemember={() => {}}
        onReady={ready}
      />,
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

/** Card fields whose validity the test sets, as the provider's would report it. */
const fields = vi.hoisted(() => ({ report: (_: CardFieldsValidity) => {} }));
function ControlledCardFields({ onValidity, bindSubmit }: CardFieldsProps) {
  useEffect(() => {
    fields.report = onValidity;
    onValidity({ valid: true, messages: [] });
    bindSubmit(async () => ({
      ok: true,
      value: { token: 'tok_fake', bin: '424242', last4: '4242', scheme: 'visa', cardValidDate: '12/30' },
    }));
  }, [onValidity, bindSubmit]);
  return <div data-testid="card-fields" />;
}

describe('the card entry is ready only when the card fields and the holder name are valid (SPEC §5)', () => {
  async function entry() {
    const ready = vi.fn();
    render(
      <CardFrameStep
        provider={17}
        rememberOffer="none"
        remember={false}
        onRemember={() => {}}
        onReady={ready}
      />,
    );
    await act(async () => adapter.settle(ControlledCardFields));
    const holder = screen.getByLabelText('اسم حامل البطاقة') as HTMLInputElement;
    const type = (value: string) => {
      fireEvent.change(holder, { target: { value } });
      fireEvent.blur(holder);
    };
    const lastReady = () => ready.mock.lastCall?.[0] as { holderName: string } | undefined;
    return { holder, type, lastReady };
  }

  it('valid card fields with an empty, emoji-only or 255-character name: not ready, and the name says why @spec:rule.holder @spec:rule.cardForm', async () => {
    const { holder, type, lastReady } = await entry();
    expect(lastReady()).toBeUndefined();
    type('');
    expect(screen.getByTestId('holder-message').textContent).toBe('أدخل اسم حامل البطاقة');
    expect(lastReady()).toBeUndefined();
    // Emoji and symbols are stripped as typed: nothing is left, so the name is still missing.
    type('😀🎉$');
    expect(holder.value).toBe('');
    expect(screen.getByTestId('holder-message').textContent).toBe('أدخل اسم حامل البطاقة');
    expect(lastReady()).toBeUndefined();
    type('a'.repeat(255));
    expect(screen.getByTestId('holder-message').textContent).toBe('اسم حامل البطاقة غير صحيح');
    expect(lastReady()).toBeUndefined();
  });

  it('a valid name (254 characters, or one with emoji stripped) makes it ready; invalid card fields undo that @spec:rule.cardForm', async () => {
    const { type, lastReady } = await entry();
    type('a'.repeat(254));
    expect(lastReady()?.holderName).toBe('a'.repeat(254));
    type('Reem ⭐ Al-Harbi 😀');
    expect(screen.getByTestId('holder-message').textContent).toBe('');
    expect(lastReady()?.holderName).toBe('Reem Al-Harbi');
    await act(async () => fields.report({ valid: false, messages: ['رقم البطاقة غير صحيح'] }));
    expect(lastReady()).toBeUndefined();
    expect(screen.getByTestId('card-messages').textContent).toBe('رقم البطاقة غير صحيح');
    await act(async () => fields.report({ valid: true, messages: [] }));
    expect(lastReady()?.holderName).toBe('Reem Al-Harbi');
  });
});
