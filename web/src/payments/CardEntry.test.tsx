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

const adapter = vi.hoisted(() => ({ settle: (_: unknown) => {}, fail: () => {}, loads: 0 }));
vi.mock('./providers/adapters', () => ({
  loadCardFields: () =>
    new Promise((resolve, reject) => {
      adapter.loads += 1;
      adapter.settle = resolve;
      adapter.fail = () => reject(new TypeError('Failed to fetch dynamically imported module'));
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

describe('card fields that could not be loaded are tried again by themselves once back online', () => {
  const failedText = 'تعذّر تحميل نموذج البطاقة. أعد المحاولة';
  /** The card entry, its first load under way. */
  async function entry() {
    adapter.loads = 0;
    render(
      <CardFrameStep
        provider={13}
        rememberOffer="offered"
        remember={false}
        onRemember={() => {}}
        onReady={() => {}}
      />,
    );
    await act(async () => {});
    expect(adapter.loads).toBe(1);
  }
  const online = () => act(async () => window.dispatchEvent(new Event('online')));

  it('back online while the download was still on its way, then failed: tried again at once', async () => {
    await entry();
    await online();
    await act(async () => adapter.fail());
    expect(adapter.loads).toBe(2);
    expect(screen.queryByText(failedText)).toBeNull();
    await act(async () => adapter.settle(FakeCardFields));
    expect(screen.getByTestId('card-fields')).toBeTruthy();
  });

  it('that retry failing too says so (no loop), and the next return online tries again', async () => {
    await entry();
    await online();
    await act(async () => adapter.fail());
    await act(async () => adapter.fail());
    expect(adapter.loads).toBe(2);
    expect(screen.getByText(failedText)).toBeTruthy();
    await online();
    expect(adapter.loads).toBe(3);
    await act(async () => adapter.settle(FakeCardFields));
    expect(screen.getByTestId('card-fields')).toBeTruthy();
  });

  it('failed with the connection still down: says so, and loads once it is back', async () => {
    await entry();
    await act(async () => adapter.fail());
    expect(adapter.loads).toBe(1);
    expect(screen.getByText(failedText)).toBeTruthy();
    await online();
    expect(adapter.loads).toBe(2);
    await act(async () => adapter.settle(FakeCardFields));
    expect(screen.getByTestId('card-fields')).toBeTruthy();
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
    // A card number (with its CVV) typed as the name: never handed on to be sent (review 10).
    type('4544 2491 6767 3670 741');
    expect(screen.getByTestId('holder-message').textContent).toBe(
      'اسم حامل البطاقة لا يكون رقم بطاقة. اكتب الاسم كما هو مطبوع على البطاقة، دون أرقامها',
    );
    expect(holder.getAttribute('aria-invalid')).toBe('true');
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

describe('the holder name: kept for the next card fields, and told when it is all that is missing', () => {
  it('starts with the name kept, reports it as typed, and says when only the name keeps it from ready', async () => {
    const typed = vi.fn();
    const missing = vi.fn();
    render(
      <CardFrameStep
        provider={17}
        rememberOffer="none"
        remember={false}
        onRemember={() => {}}
        onReady={() => {}}
        keptHolder="Reem A"
        onHolder={typed}
        onHolderMissing={missing}
      />,
    );
    const holder = screen.getByLabelText('اسم حامل البطاقة') as HTMLInputElement;
    expect(holder.value).toBe('Reem A');
    expect(typed).toHaveBeenLastCalledWith('Reem A');
    // The card not yet valid: more than the name is missing.
    expect(missing).toHaveBeenLastCalledWith(false);
    await act(async () => adapter.settle(ControlledCardFields));
    expect(missing).toHaveBeenLastCalledWith(false);
    fireEvent.change(holder, { target: { value: '' } });
    expect(typed).toHaveBeenLastCalledWith('');
    expect(missing).toHaveBeenLastCalledWith(true);
    await act(async () => fields.report({ valid: false, messages: [] }));
    expect(missing).toHaveBeenLastCalledWith(false);
    await act(async () => fields.report({ valid: true, messages: [] }));
    expect(missing).toHaveBeenLastCalledWith(true);
    fireEvent.change(holder, { target: { value: 'Reem B' } });
    expect(missing).toHaveBeenLastCalledWith(false);
  });
});

describe('the card entry tells the step when the visitor changes what they typed (a refusal then goes)', () => {
  it('typing in a field of the page (the holder name, a provider drawn in the page) and a validity turning', async () => {
    const edited = vi.fn();
    render(
      <CardFrameStep
        provider={17}
        rememberOffer="none"
        remember={false}
        onRemember={() => {}}
        onReady={() => {}}
        onEdit={edited}
      />,
    );
    await act(async () => adapter.settle(ControlledCardFields));
    // Drawn, the fields reporting their first validity (valid at once here): nothing typed yet.
    expect(edited).not.toHaveBeenCalled();
    fireEvent.input(screen.getByLabelText('اسم حامل البطاقة'), { target: { value: 'Reem' } });
    expect(edited).toHaveBeenCalledTimes(1);
    // A provider's own frame, whose typing the page cannot hear: its validity turning.
    await act(async () => fields.report({ valid: false, messages: [] }));
    expect(edited).toHaveBeenCalledTimes(2);
    await act(async () => fields.report({ valid: false, messages: ['رقم البطاقة غير صحيح'] }));
    expect(edited).toHaveBeenCalledTimes(2);
    await act(async () => fields.report({ valid: true, messages: [] }));
    expect(edited).toHaveBeenCalledTimes(3);
  });
});
