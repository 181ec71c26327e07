import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Sentence } from './Sentence';

afterEach(cleanup);

describe('a sentence with its places filled by elements', () => {
  it.each([
    ['one place', 'طلبك {order} مدفوع', { order: <b>PO1</b> }, 'طلبك PO1 مدفوع', ['PO1']],
    [
      'two places',
      '{name} ({id})',
      { name: <i>ريم</i>, id: <b>10000001</b> },
      'ريم (10000001)',
      ['ريم', '10000001'],
    ],
    ['a place given no element stays as written', 'إلى {name}', {}, 'إلى {name}', []],
    ['no place', 'تم الدفع', { order: <b>PO1</b> }, 'تم الدفع', []],
  ] as const)('%s', (_, text, slots, shown, elements) => {
    const { container } = render(
      <p>
        <Sentence text={text} slots={slots} />
      </p>,
    );
    expect(container.textContent).toBe(shown);
    expect([...container.querySelectorAll('b, i')].map((node) => node.textContent)).toEqual(elements);
  });

  it('keeps user text as text: markup in a slot is never parsed', () => {
    const { container } = render(
      <p>
        <Sentence text="إلى {name}" slots={{ name: <span>{'<img src=x onerror=alert(1)>'}</span> }} />
      </p>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('إلى <img src=x onerror=alert(1)>');
  });
});
