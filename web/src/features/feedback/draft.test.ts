import { messageOf } from '@topup/contracts/messages';
import { OwnedStorageKeys } from '@topup/contracts/storage';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../api/client';
import { everyContract } from '../../test/contracts';
import { envelope, fakeTransport } from '../../test/fakeTransport';
import {
  feedbackPhaseAtom,
  feedbackTextAtom,
  restoreFeedbackDraftAtom,
  setFeedbackContactAtom,
  setFeedbackTextAtom,
} from './state';
import { submitFeedback, textError } from './submit';

/** The report's text in the tab's sessionStorage while it is written: back after a reload, gone once sent. */

const KEY = OwnedStorageKeys.feedbackDraft;
const CARD_REFUSAL =
  'يبدو أن الوصف يحتوي على رقم بطاقة. احذفه ثم أرسل: لا نحتاج رقم بطاقتك ولا رمز CVV لمتابعة بلاغك';
const stored = () => sessionStorage.getItem(KEY);

afterEach(() => sessionStorage.clear());

describe('the feedback draft', () => {
  it('is kept as it is typed, and an emptied field keeps none', () => {
    const store = createStore();
    store.set(setFeedbackTextAtom, 'لم يصل الماس');
    expect(stored()).toBe(JSON.stringify('لم يصل الماس'));
    store.set(setFeedbackTextAtom, '');
    expect(stored()).toBeNull();
  });

  it('comes back in a new page of the tab, but never over text already typed', () => {
    sessionStorage.setItem(KEY, JSON.stringify('دفعت ولم يصل'));
    const reloaded = createStore();
    reloaded.set(restoreFeedbackDraftAtom);
    expect(reloaded.get(feedbackTextAtom)).toBe('دفعت ولم يصل');
    const typing = createStore();
    typing.set(setFeedbackTextAtom, 'نص جديد');
    sessionStorage.setItem(KEY, JSON.stringify('دفعت ولم يصل'));
    typing.set(restoreFeedbackDraftAtom);
    expect(typing.get(feedbackTextAtom)).toBe('نص جديد');
  });

  it.each([
    ['not JSON', '{'],
    ['not text', '42'],
    ['empty', '""'],
  ])('kept %s reads as no draft', (_name, raw) => {
    sessionStorage.setItem(KEY, raw);
    const store = createStore();
    store.set(restoreFeedbackDraftAtom);
    expect(store.get(feedbackTextAtom)).toBe('');
  });

  it('is dropped once the report is sent, and kept when the send fails', async () => {
    let fail = true;
    const fake = fakeTransport(() => (fail ? envelope(null, 500, 'down') : envelope({ feedback_id: 'fb1' })));
    const client = createClient({
      contracts: everyContract,
      messageOf,
      transport: fake.transport,
      base: () => '',
      headers: () => ({}),
    });
    const store = createStore();
    store.set(setFeedbackTextAtom, 'لم يصل الماس');
    expect(await submitFeedback(store, client, 'uuid-1')).toBeUndefined();
    expect(stored()).toBe(JSON.stringify('لم يصل الماس'));
    fail = false;
    expect(await submitFeedback(store, client, 'uuid-1')).toBe('fb1');
    expect(stored()).toBeNull();
  });

  // Review 11: a visitor reporting a double charge pastes their card number and CVV. Neither reaches the tab's
  // storage; the rest of the text is kept.
  it.each([
    [
      'خصم مرتين من بطاقتي 4544249167673670 741 انتهاء 12/30',
      '4544249167673670',
      'خصم مرتين من بطاقتي  انتهاء ',
    ],
    ['my card 4544 2491 6767 3670 cvv 741 was charged twice', '4544 2491', 'my card  cvv  was charged twice'],
    ['بطاقتي ٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢ ١٢٣', '٤٢٤٢', 'بطاقتي '],
    // Grouped with what else people type between groups (attack review): Arabic commas, a group a line.
    ['بطاقتي 4242،4242،4242،4242 ولم يصل', '4242', 'بطاقتي  ولم يصل'],
    ['رقمي:\n4242\n4242\n4242\n4242\nشكرا', '4242', 'رقمي:\n\nشكرا'],
    ['(4242)(4242)(4242)(4242) cvv 987', '4242', '() cvv '],
  ])('keeps no card number typed in it: %j', (text, number, kept) => {
    const store = createStore();
    store.set(setFeedbackTextAtom, text);
    expect(store.get(feedbackTextAtom)).toBe(text);
    expect(stored()).not.toContain(number);
    expect(stored()).toBe(JSON.stringify(kept));
  });

  // Attack review: the expiry and CVV typed apart from the number (words between) were kept beside the gap.
  it.each([
    ['بطاقتي 4242 4242 4242 4242 انتهاء 12/30 والرمز 123', 'بطاقتي  انتهاء  والرمز '],
    ['card 4242424242424242 exp 01-2030 cvc 1234, charged twice', 'card  exp  cvc , charged twice'],
    ['بطاقتي ٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢ تنتهي ٠١/٣٠ ورمزها ٧٤١', 'بطاقتي  تنتهي  ورمزها '],
  ])('keeps neither the expiry nor the CVV typed apart from a card number: %j', (text, kept) => {
    createStore().set(setFeedbackTextAtom, text);
    expect(stored()).toBe(JSON.stringify(kept));
  });

  it('a draft without a card number keeps its short numbers, dates and amounts', () => {
    const text = 'دفعت 4.99 و1,234 يوم 2026/11/27 للطلب 741 والحساب 10000002';
    createStore().set(setFeedbackTextAtom, text);
    expect(stored()).toBe(JSON.stringify(text));
  });

  it('never keeps a card number typed as the contact (nor the contact at all)', () => {
    const store = createStore();
    store.set(setFeedbackTextAtom, 'لم يصل الماس');
    store.set(setFeedbackContactAtom, '3782 822463 10005');
    const tab = JSON.stringify({ ...sessionStorage, ...localStorage });
    expect(tab).not.toMatch(/3782|822463|10005/);
    expect(stored()).toBe(JSON.stringify('لم يصل الماس'));
  });

  it('keeps none when the card number is all there is', () => {
    createStore().set(setFeedbackTextAtom, ' 4242 4242 4242 4242 123 ');
    expect(stored()).toBeNull();
  });
});

describe('a card number in the report', () => {
  it.each([
    ['خصم مرتين من بطاقتي 4544249167673670 741', true],
    ['card 4242-4242-4242-4242', true],
    ['بطاقتي ٥٥٥٥ ٥٥٥٥ ٥٥٥٥ ٤٤٤٤', true],
    ['بطاقتي 4242،4242،4242،4242', true],
    ['4242\n4242\n4242\n4242', true],
    ['4242/4242/4242/4242', true],
    ['دفعت يوم 2026/11/27 الساعة 10:30 مبلغ 1,234', false],
    ['دفعت 4.99 ولم يصل الماس إلى الحساب 10000002', false],
    ['رقم الطلب PO996276c4002259d8d92b97e175168b82 وجوالي 0551234567', false],
  ])('%j: refused %s', (text, refused) => {
    expect(textError(text) === CARD_REFUSAL).toBe(refused);
  });

  it('is never sent: the send is refused, saying so, and the text stays to edit', async () => {
    const fake = fakeTransport(() => envelope({ feedback_id: 'fb1' }));
    const client = createClient({
      contracts: everyContract,
      messageOf,
      transport: fake.transport,
      base: () => '',
      headers: () => ({}),
    });
    const store = createStore();
    const text = 'لم يصل الماس، بطاقتي 4544249167673670 741';
    store.set(setFeedbackTextAtom, text);
    expect(await submitFeedback(store, client, 'uuid-1')).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
    expect(store.get(feedbackPhaseAtom)).toEqual({
      kind: 'failed',
      message: CARD_REFUSAL,
      refusedIn: 'text',
    });
    expect(store.get(feedbackTextAtom)).toBe(text);
  });
});
