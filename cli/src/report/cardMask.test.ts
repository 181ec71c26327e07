import { describe, expect, it } from 'vitest';
import { render } from '../commands/runReport';
import { cardDataFindings } from '../contract/cardData';
import { mask } from './mask';
import { formatPretty } from './pretty';
import type { RunReport } from './types';

/** Card data an answer must not carry, as the QA fake's panLeak mode sends it (4556 0000 0000 0000 is no test card, so it is
 * found by its pattern, not as a registered value). */
const PAN = '4556000000000000';

describe('card data in any text is masked by the detector of contract/cardData.ts', () => {
  it.each([
    ['a whole PAN', PAN, '••••0000'],
    ['a PAN in groups', '4556 0000 0000 0000', '••••0000'],
    ['a PAN with dashes', '4556-0000-0000-0000', '••••0000'],
    ['a PAN in a form text', `pan=${PAN}&cvc=737`, 'pan=••••0000&cvc=•••'],
    ['a PAN and CVV in prose', 'card 4556 0000 0000 0000 cvv 737', 'card ••••0000 cvv •••'],
    ['a CVV with a colon', 'security code: 1234', 'security code: •••'],
    ['a 19-digit PAN', '6011000000000000001', '••••0001'],
    ['a 13-digit PAN', '4222222222222', '••••2222'],
    // 12 digits passing Luhn are a card number to the card form and to the shared finder (cardNumberValid).
    ['12 digits passing Luhn', '400000000002', '••••0002'],
    // The whole run is masked: the CVV typed in it is as secret as the number.
    ['a PAN and its CVV in one run', `${PAN}737`, '••••0000'],
    ['a PAN after another group', 'ref 1234 4556 0000 0000 0000', 'ref ••••0000'],
    // Not card data: left as it is.
    ['a number failing Luhn', '4556000000000001', '4556000000000001'],
    ['12 digits failing Luhn', '400000000001', '400000000001'],
    ['20 digits', '40000000000000000002', '40000000000000000002'],
    ['digits inside an id', `PO${PAN}ab`, `PO${PAN}ab`],
    ['a timestamp', 'ts 1763715600000', 'ts 1763715600000'],
    ['a date', '2026-11-27 16:20:56', '2026-11-27 16:20:56'],
    ['a three-digit code not named a CVV', 'result 737', 'result 737'],
  ])('%s', (_what, text, masked) => {
    expect(mask(text)).toBe(masked);
  });

  it.each([
    ['a nickname that is a PAN', { nickname: PAN }, { nickname: '••••0000' }],
    ['a note holding a PAN', { note: `pan=${PAN}&x=1` }, { note: 'pan=••••0000&x=1' }],
    ['a card field named as cardData names it', { card_no: '737' }, { card_no: '•••' }],
    ['a cvc2 field', { cvc2: 737 }, { cvc2: '•••' }],
    ['an order id that passes Luhn', { order_id: PAN }, { order_id: PAN }],
    ['a uid that passes Luhn', { display_uid: PAN }, { display_uid: PAN }],
  ])('in a value: %s', (_what, value, masked) => {
    expect(mask(value)).toEqual(masked);
  });

  it.each([
    ['a whole PAN', { nickname: PAN }, ['nickname']],
    ['a PAN in prose', { note: `pan=${PAN}&cvc=737` }, ['note']],
    ['a spaced PAN in prose', { user: { nickname: 'card 4556 0000 0000 0000' } }, ['user.nickname']],
    ['a PAN in an id field', { order_id: PAN }, []],
    ['no card data', { nickname: 'reem', ts: 1763715600000 }, []],
    // Millisecond times as text that pass Luhn, as server_time's answer one time in ten.
    [
      'a time as text',
      { ts: '1764255276685', created_at: '1764255276693', server_time: '1764255276685' },
      [],
    ],
    // Found by the project's one finder (@topup/contracts findCardNumbers), as the web app and the mock.
    ['a PAN followed by its 3-digit CVV in one run', { nickname: `${PAN}737` }, ['nickname']],
    ['a PAN and its CVV in one spaced run', { note: '4556 0000 0000 0000 737' }, ['note']],
    ['a PAN at a group boundary, after another group', { note: '1234 4556 0000 0000 0000' }, ['note']],
    ['a PAN grouped 4-4-4-4 with spaces', { nickname: '4556 0000 0000 0000' }, ['nickname']],
    ['a 15-digit Amex', { remark: '378282246310005' }, ['remark']],
    ['a 15-digit Amex grouped 4-6-5', { remark: 'amex 3782 822463 10005' }, ['remark']],
    // Not card data: identifier and time fields of 13–19 digits (even Luhn-valid ones), a Luhn-invalid run.
    ['an order id of 19 digits that passes Luhn', { order_id: '4556000000000000001' }, []],
    ['an order id with its CVV-like tail', { order: `${PAN}737` }, []],
    ['a millisecond timestamp that passes Luhn', { timestamp: '4556000000000000', paid_at: PAN }, []],
    ['a Luhn-invalid 16-digit run', { nickname: '4556000000000001' }, []],
  ])('is found in an answer: %s', (_what, body, fields) => {
    const found = cardDataFindings(body);
    expect(found.map((f) => f.field)).toEqual(fields);
    expect(JSON.stringify(found)).not.toContain(PAN);
  });
});

describe('a leaked card number never reaches a report', () => {
  const report: RunReport = {
    kind: 'scenarios',
    target: 'http://127.0.0.1:1',
    startedAt: '2026-11-21T09:00:00.000Z',
    ms: 10,
    passed: false,
    totals: { scenarios: { passed: 0, failed: 1, skipped: 0 }, steps: { passed: 0, failed: 1, skipped: 0 } },
    scenarios: [
      {
        name: 'signin-password',
        file: 'a.yaml',
        description: 'x',
        tags: [],
        status: 'failed',
        ms: 9,
        steps: [
          {
            index: '1',
            label: 'accountLogin',
            kind: 'call',
            status: 'failed',
            ms: 9,
            failures: ['contract: data.user.nickname: card data in the answer: a card number (••••0000)'],
            result: 0,
            response: {
              status: 200,
              body: {
                result: 0,
                data: { user: { nickname: PAN }, nickname: 'card 4556 0000 0000 0000 cvv 737' },
                note: `pan=${PAN}&cvc=737`,
              },
            },
          },
        ],
      },
    ],
  };

  it.each([
    ['pretty -v', () => formatPretty(report, { colour: false, verbose: true })],
    ['json', () => render(report, 'json', false)],
    ['html', () => render(report, 'html', false)],
    ['junit', () => render(report, 'junit', false)],
  ])('%s', (_reporter, write) => {
    const text = write();
    expect(text).not.toMatch(/4556\D?0000\D?0000\D?0000/);
    expect(text).not.toContain('737');
  });

  it('shows the masked answer under -v', () => {
    expect(formatPretty(report, { colour: false, verbose: true })).toContain('"nickname": "••••0000"');
  });
});
