import { act, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { keepEarlyInput } from './earlyInput';

// React's act, outside Testing Library (which sets this itself).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A controlled field, as the account search's: what React holds is shown beside it. */
function Field() {
  const [text, setText] = useState('');
  return (
    <form>
      <input data-testid="id-field" value={text} onChange={(event) => setText(event.target.value)} />
      <output>{`held: ${text}`}</output>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The built page, and what the visitor typed in its field before the app had it. */
function builtPage(typed: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Field />);
  document.body.append(container);
  const field = container.querySelector('input') as HTMLInputElement;
  field.focus();
  field.value = typed;
  return container;
}

const field = (container: HTMLElement) => container.querySelector('input') as HTMLInputElement;
const held = (container: HTMLElement) => container.querySelector('output')?.textContent;

describe('what is typed before the app has the page', () => {
  it('hydrated: React keeps the typed text in the field but not in its state, until it is carried', () => {
    const container = builtPage('10000002');
    const carry = keepEarlyInput(container);
    act(() => {
      root = hydrateRoot(container, <Field />);
    });
    expect(field(container).value).toBe('10000002');
    expect(held(container)).toBe('held: ');
    act(() => carry());
    expect(held(container)).toBe('held: 10000002');
    expect(field(container).value).toBe('10000002');
    expect(document.activeElement).toBe(field(container));
  });

  it('rendered over: the new field gets the text typed in the built one, and its focus', () => {
    const container = builtPage('1000');
    const carry = keepEarlyInput(container);
    // Typed on after the app's code started noting, before it rendered.
    field(container).value = '10000002';
    field(container).dispatchEvent(new Event('input', { bubbles: true }));
    act(() => {
      root = createRoot(container);
      root.render(<Field />);
    });
    expect(field(container).value).toBe('');
    act(() => carry());
    expect(held(container)).toBe('held: 10000002');
    expect(field(container).value).toBe('10000002');
    expect(document.activeElement).toBe(field(container));
  });

  it('a field drawn later (its page still loading) gets it when it comes', async () => {
    const container = builtPage('10000002');
    const carry = keepEarlyInput(container);
    act(() => {
      root = createRoot(container);
      root.render(<p>loading</p>);
    });
    act(() => carry());
    await act(async () => root?.render(<Field />));
    await act(async () => {});
    expect(held(container)).toBe('held: 10000002');
  });
});
