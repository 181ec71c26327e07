// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { describe, expect, it } from 'vitest';
import { parsePath, referencedSteps, resolveReferences, UnresolvedReference } from './references';

const scope = {
  steps: { pay: { result: 0, data: { order_id: 'PO1', items: [{ sn: 4 }], n: 7 } }, gone: { skipped: true } },
  fixtures: { reem: { uid: 1001, display_uid: '10000001' } },
  vars: { amount: 4.99 },
  run: { host: '127.0.0.1:8080' },
};

describe('references', () => {
  it('keeps the type of a whole-value reference', () => {
    expect(resolveReferences({ uid: '${fixtures.reem.uid}', a: '${vars.amount}' }, scope)).toEqual({
      uid: 1001,
      a: 4.99,
    });
  });

  it('interpolates inside longer strings and reads indexes and lengths', () => {
    expect(
      resolveReferences('order ${steps.pay.data.order_id} sn ${steps.pay.data.items[0].sn}', scope),
    ).toBe('order PO1 sn 4');
    expect(resolveReferences('${steps.pay.data.items.length}', scope)).toBe(1);
  });

  it('adds and subtracts whole numbers', () => {
    expect(resolveReferences(['${steps.pay.data.n + 2}', '${steps.pay.data.n - 7}'], scope)).toEqual([9, 0]);
  });

  it('writes a literal ${ for $${', () => {
    expect(resolveReferences('cost $${not.a.ref}', scope)).toBe('cost ${not.a.ref}');
  });

  it('says which reference it cannot resolve', () => {
    expect(() => resolveReferences('${steps.nope.data}', scope)).toThrow(/no earlier step with id 'nope'/);
    expect(() => resolveReferences('${steps.pay.data.missing}', scope)).toThrow(/nothing at that path/);
    expect(() => resolveReferences('${env.HOME}', scope)).toThrow(/unknown root 'env'/);
  });

  it('marks a reference to a skipped step, so the dependent step is skipped too', () => {
    try {
      resolveReferences('${steps.gone.data.x}', scope);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UnresolvedReference);
      expect((error as UnresolvedReference).skippedStep).toBe('gone');
    }
  });

  it('parses paths and lists referenced steps', () => {
    expect(parsePath('a.b[0][1].c')).toEqual(['a', 'b', '0', '1', 'c']);
    expect(referencedSteps({ a: ['${steps.x.data} ${steps.y.result}', '$${steps.z}'] })).toEqual(['x', 'y']);
  });
});
