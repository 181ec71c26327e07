import { act, cleanup, render, screen } from '@testing-library/react';
import { signatureOf } from '@topup/contracts/fileSignature';
import { messageOf } from '@topup/contracts/messages';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../api/client';
import { everyContract } from '../../test/contracts';
import { envelope, fakeTransport } from '../../test/fakeTransport';
import FeedbackPage from './FeedbackPage';
import { namingFile, uploadName } from './fileName';
import { addFilesAtom, attachmentsAtom, fileErrorAtom, setFeedbackTextAtom } from './state';
import { submitFeedback } from './submit';

/** A visitor's file name: never sent (it may hold a card number), shown without bidi controls and isolated. */

afterEach(cleanup);

const previewOf = (f: File) => `blob:${f.name}`;
const picked = (name: string, type: string) => {
  const head = signatureOf(type);
  return { file: new File([new Uint8Array(head)], name, { type }), head };
};

describe('the name a file is uploaded under', () => {
  it.each([
    ['card 4242424242424242 cvv 987.png', 7, 'feedback-7.png'],
    ['IMG_0001.JPEG', 2, 'feedback-2.jpeg'],
    ['a\u202Egnp.exe.mov', 3, 'feedback-3.mov'],
    ['no extension', 4, 'feedback-4'],
  ])('%j → %s', (name, id, sent) => {
    expect(uploadName(name, id)).toBe(sent);
  });

  it('is neutral in the upload token query and the multipart filename: no card number leaves the page', async () => {
    const fake = fakeTransport((request) => {
      if (request.url.includes('upload_token'))
        return envelope({
          tokens: [{ url: '/u', body: JSON.stringify({ token: 't0', key: 'k0' }), result: 0 }],
        });
      if (request.url.includes('upload_image')) return envelope({ key: 'k0', url: '/x' });
      return envelope({ feedback_id: 'fb1' });
    });
    const client = createClient({
      contracts: everyContract,
      messageOf,
      transport: fake.transport,
      base: () => '',
      headers: () => ({}),
    });
    const store = createStore();
    store.set(setFeedbackTextAtom, 'لم يصل الماس');
    store.set(addFilesAtom, { files: [picked('card 4242424242424242 cvv 987.png', 'image/png')], previewOf });
    // The page still shows the visitor's own name.
    expect(store.get(attachmentsAtom).map((a) => a.file.name)).toEqual(['card 4242424242424242 cvv 987.png']);
    expect(await submitFeedback(store, client, 'uuid-1')).toBe('fb1');
    const token = fake.requests.find((r) => r.url.includes('upload_token'));
    const files = JSON.parse(new URL(token?.url ?? '', 'http://x').searchParams.get('files') ?? '[]');
    expect(files).toEqual([
      { name: expect.stringMatching(/^feedback-\d+\.png$/), size: 8, content_type: 'image/png' },
    ]);
    // The multipart file goes under its own name (uploadTransport: `blob.name`).
    const sent = fake.requests.find((r) => r.url.includes('upload_image'))?.files?.file;
    expect(sent instanceof File ? sent.name : undefined).toMatch(/^feedback-\d+\.png$/);
    for (const request of fake.requests) {
      const body = request.body instanceof URLSearchParams ? request.body.toString() : (request.body ?? '');
      for (const text of [request.url, body]) expect(decodeURIComponent(text)).not.toMatch(/4242|987/);
    }
  });
});

describe('a file named in a message', () => {
  it('is shown without its bidi controls, where the name was', () => {
    const named = namingFile('الملف {name} غير مدعوم', 'a\u202Egnp.exe');
    expect(named).toEqual({ text: 'الملف agnp.exe غير مدعوم', name: { at: 6, shown: 'agnp.exe' } });
  });

  it('is isolated on the page, so an override in it cannot flip the message', async () => {
    const store = createStore();
    render(
      <Provider store={store}>
        <FeedbackPage />
      </Provider>,
    );
    act(() => {
      store.set(addFilesAtom, {
        files: [{ file: new File(['MZ'], 'a\u202Egnp.exe', { type: '' }), head: new Uint8Array([77, 90]) }],
        previewOf,
      });
    });
    const error = await screen.findByTestId('feedback-file-error');
    expect(error.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
    expect(error.querySelector('bdi')?.textContent).toBe('agnp.exe');
    expect(error.textContent).toBe(store.get(fileErrorAtom));
    expect(error.textContent).toContain('الملف agnp.exe غير مدعوم');
  });
});
