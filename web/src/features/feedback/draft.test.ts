import { messageOf } from '@topup/contracts/messages';
import { OwnedStorageKeys } from '@topup/contracts/storage';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../api/client';
import { everyContract } from '../../test/contracts';
import { envelope, fakeTransport } from '../../test/fakeTransport';
import { feedbackTextAtom, restoreFeedbackDraftAtom, setFeedbackTextAtom } from './state';
import { submitFeedback } from './submit';

/** The report's text in the tab's sessionStorage while it is written: back after a reload, gone once sent. */

const KEY = OwnedStorageKeys.feedbackDraft;
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
});
