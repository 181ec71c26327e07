import { signatureOf } from '@topup/contracts/fileSignature';
import { Message, messageOf } from '@topup/contracts/messages';
import { createStore } from 'jotai/vanilla';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../api/client';
import { everyContract } from '../../test/contracts';
import { envelope, fakeTransport } from '../../test/fakeTransport';
import {
  addFilesAtom,
  attachmentsAtom,
  feedbackContactAtom,
  feedbackPhaseAtom,
  fileErrorAtom,
  type PickedFile,
  removeFileAtom,
  setFeedbackContactAtom,
  setFeedbackTextAtom,
} from './state';
import { contactError, submitFeedback, textError } from './submit';

/** A picked file of this size whose first bytes are `head` (by default, those of its type). */
const file = (name: string, size: number, type: string, head: Uint8Array = signatureOf(type)): PickedFile => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return { file: f, head };
};
const previewOf = (f: File) => `blob:${f.name}`;
/** The app's client over a fake transport (every contract, the app's messages). */
const clientOver = (transport: Parameters<typeof createClient>[0]['transport']) =>
  createClient({ contracts: everyContract, messageOf, transport, base: () => '', headers: () => ({}) });

describe('feedback form', () => {
  it('a refusal to send goes once the visitor types again', async () => {
    const store = createStore();
    const client = clientOver(fakeTransport(() => envelope({})).transport);
    expect(await submitFeedback(store, client, 'uuid-1')).toBeUndefined();
    expect(store.get(feedbackPhaseAtom).kind).toBe('failed');
    store.set(setFeedbackTextAtom, 'لم يصل');
    expect(store.get(feedbackPhaseAtom).kind).toBe('editing');
  });

  it.each([
    ['', undefined],
    ['٠٥٠١٢٣٤٥٦٧', undefined],
    ['reem@example.sa', undefined],
    ['12345', /رقم جوال صحيحًا/],
    ['reem@', /بريدًا إلكترونيًا صحيحًا/],
    [`${'a'.repeat(100)}@x.sa`, /100/],
  ])('a signed-out visitor’s contact %j: %s', (contact, expected) => {
    const error = contactError(contact);
    if (expected === undefined) expect(error).toBeUndefined();
    else expect(error).toMatch(expected);
  });

  it('signed out: a bad contact stops the send with its message; a good one is sent (digits made Western)', async () => {
    const store = createStore();
    const fake = fakeTransport(() => envelope({ feedback_id: 'fb9' }));
    const client = clientOver(fake.transport);
    store.set(setFeedbackTextAtom, 'لم يصل الماس');
    store.set(setFeedbackContactAtom, '050');
    expect(await submitFeedback(store, client, '3b241101-e2bb-4255-8caf-4136c566a962')).toBeUndefined();
    expect(store.get(feedbackPhaseAtom)).toMatchObject({ kind: 'failed' });
    expect(fake.requests).toHaveLength(0);
    store.set(setFeedbackContactAtom, '٠٥٠١٢٣٤٥٦٧');
    expect(await submitFeedback(store, client, '3b241101-e2bb-4255-8caf-4136c566a962')).toBe('fb9');
    expect(new URL(fake.requests[0]?.url ?? '', 'http://x').searchParams.get('contact')).toBe('0501234567');
  });

  describe('a card number typed as the contact', () => {
    const CONTACT_CARD = /يبدو أن وسيلة التواصل رقم بطاقة/;
    it.each([
      ['a 15-digit Amex', '378282246310005'],
      ['a 16-digit Visa in groups', '4242 4242 4242 4242'],
      ['a Mastercard with dashes', '5555-5555-5555-4444'],
      ['Arabic-Indic digits', '٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢'],
    ])('%s is refused with its own message: %j', (_name, contact) => {
      expect(contactError(contact)).toMatch(CONTACT_CARD);
    });

    it.each([
      ['a 15-digit international phone failing Luhn', '491701234567890'],
      ['the same written with +', '+491701234567890'],
      ['a Saudi mobile', '0551234567'],
      ['a Gulf number with +', '+966 55 123 4567'],
      ['a Luhn-passing UK number written with 00 (no card begins with 0)', '0044 7911 123456'],
    ])('%s stays a phone: %j', (_name, contact) => {
      expect(contactError(contact)).toBeUndefined();
    });

    it('a 12+-digit phone beginning 2–6 that passes Luhn is refused as the finder finds it, saying how to write it', () => {
      // +44 7911 123456 passes Luhn: card-shaped for the shared finder; the message offers 00 or an e-mail.
      expect(contactError('+44 7911 123456')).toMatch(/00966/);
    });

    it("is never sent: the send is refused on the phase, as the contact's card number, the contact kept", async () => {
      const store = createStore();
      const fake = fakeTransport(() => envelope({ feedback_id: 'fb9' }));
      store.set(setFeedbackTextAtom, 'لم يصل الماس');
      store.set(setFeedbackContactAtom, '3782 822463 10005');
      expect(await submitFeedback(store, clientOver(fake.transport), 'uuid-1')).toBeUndefined();
      expect(fake.requests).toHaveLength(0);
      expect(store.get(feedbackPhaseAtom)).toEqual({
        kind: 'failed',
        message: contactError('378282246310005'),
        refusedIn: 'contact',
      });
      expect(store.get(feedbackContactAtom)).toBe('3782 822463 10005');
    });

    it('a refusal for the text names the text, whatever the contact holds', async () => {
      const store = createStore();
      const client = clientOver(fakeTransport(() => envelope({})).transport);
      store.set(setFeedbackContactAtom, '4242 4242 4242 4242');
      // The text is missing: that is the refusal, not the contact's card.
      await submitFeedback(store, client, 'uuid-1');
      expect(store.get(feedbackPhaseAtom)).toEqual({
        kind: 'failed',
        message: textError(''),
        refusedIn: 'text',
      });
    });
  });

  it('@spec:rule.feedback requires text of at most 500 characters, counting emoji once', () => {
    expect(textError('')).toBe('اكتب وصفًا للمشكلة');
    expect(textError('  ')).toBe('اكتب وصفًا للمشكلة');
    // Only invisible characters is no text either (U+200B ×3, direction marks, a BOM).
    expect(textError('\u200b\u200b\u200b')).toBe('اكتب وصفًا للمشكلة');
    expect(textError('\u200e\u200f\ufeff\u2060')).toBe('اكتب وصفًا للمشكلة');
    expect(textError('\u200bلم يصل الماس')).toBeUndefined();
    expect(textError('😀'.repeat(500))).toBeUndefined();
    expect(textError('a'.repeat(501))).toBe('الوصف أطول من الحد المسموح (500 حرف)');
  });

  it('@spec:rule.feedback no text: the report is not sent, and the form says why', async () => {
    const store = createStore();
    const fake = fakeTransport(() => envelope({ feedback_id: 'fb1' }));
    const client = clientOver(fake.transport);
    store.set(setFeedbackTextAtom, '   ');
    expect(await submitFeedback(store, client, '3b241101-e2bb-4255-8caf-4136c566a962')).toBeUndefined();
    expect(store.get(feedbackPhaseAtom)).toEqual({
      kind: 'failed',
      message: 'اكتب وصفًا للمشكلة',
      refusedIn: 'text',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('@spec:rule.feedback accepts up to three images or videos and says why others are refused', () => {
    const store = createStore();
    store.set(addFilesAtom, {
      files: [file('a.png', 100, 'image/png'), file('b.gif', 100, 'image/gif')],
      previewOf,
    });
    expect(store.get(attachmentsAtom).map((a) => a.file.name)).toEqual(['a.png']);
    expect(store.get(fileErrorAtom)).toMatch(/b\.gif/);
    store.set(addFilesAtom, { files: [file('big.jpg', 6 * 1024 * 1024, 'image/jpeg')], previewOf });
    expect(store.get(fileErrorAtom)).toMatch(/5/);
    store.set(addFilesAtom, {
      files: [
        file('v.mp4', 40 * 1024 * 1024, 'video/mp4'),
        file('c.webp', 1, 'image/webp'),
        file('d.png', 1, 'image/png'),
      ],
      previewOf,
    });
    expect(store.get(attachmentsAtom).map((a) => a.file.name)).toEqual(['a.png', 'v.mp4', 'c.webp']);
    expect(store.get(fileErrorAtom)).toBe('يمكنك إرفاق 3 ملفات على الأكثر');
    const first = store.get(attachmentsAtom)[0];
    const released: string[] = [];
    store.set(removeFileAtom, { id: first?.id ?? 0, release: (u) => released.push(u) });
    expect(released).toEqual(['blob:a.png']);
    expect(store.get(attachmentsAtom)).toHaveLength(2);
  });

  it.each([
    // «كبير جدًا» (too large) before, for a file of nothing.
    [
      'an empty image',
      file('empty.png', 0, 'image/png', new Uint8Array()),
      /^الملف empty\.png فارغ \(0 بايت\)/,
    ],
    ['an empty video', file('clip.mp4', 0, 'video/mp4', new Uint8Array()), /^الملف clip\.mp4 فارغ/],
    ['an image over 5 MB', file('big.jpg', 5 * 1024 * 1024 + 1, 'image/jpeg'), /^الملف big\.jpg كبير جدًا/],
    [
      'a video over 50 MB',
      file('long.mov', 51 * 1024 * 1024, 'video/quicktime'),
      /^الملف long\.mov كبير جدًا/,
    ],
    ['a type not taken', file('a.gif', 10, 'image/gif'), /^الملف a\.gif غير مدعوم/],
    ['an empty file of a type not taken', file('a.gif', 0, 'image/gif'), /^الملف a\.gif غير مدعوم/],
  ])('refuses a file by what is wrong with it, naming it: %s', (_name, picked, message) => {
    const store = createStore();
    store.set(addFilesAtom, { files: [picked], previewOf });
    expect(store.get(attachmentsAtom)).toEqual([]);
    expect(store.get(fileErrorAtom)).toMatch(message);
    if (picked.file.size === 0) expect(store.get(fileErrorAtom)).not.toMatch(/كبير/);
  });

  it.each([
    [
      'text named .png',
      file('notes.png', 40, 'image/png', new TextEncoder().encode('just some text here')),
      /notes\.png ليس صورة أو فيديو سليمًا/,
    ],
    [
      'a PNG named .jpg',
      file('photo.jpg', 40, 'image/jpeg', signatureOf('image/png')),
      /photo\.jpg ليس صورة/,
    ],
    [
      'first bytes not read',
      { file: file('lost.png', 40, 'image/png').file, head: undefined },
      /تعذّرت قراءة الملف lost\.png/,
    ],
  ])('refuses a file whose first bytes are not its type, by name: %s', (_name, picked, message) => {
    const store = createStore();
    store.set(addFilesAtom, { files: [picked], previewOf });
    expect(store.get(attachmentsAtom)).toEqual([]);
    expect(store.get(fileErrorAtom)).toMatch(message);
  });

  it('takes an untyped file by its extension when its first bytes agree', () => {
    const store = createStore();
    store.set(addFilesAtom, { files: [file('clip.mov', 40, '', signatureOf('video/quicktime'))], previewOf });
    expect(store.get(attachmentsAtom).map((a) => a.kind)).toEqual(['video']);
  });

  it('sends an untyped file under the type its name and first bytes gave it, never an empty type', async () => {
    const fake = fakeTransport((request) => {
      if (request.url.includes('upload_token'))
        return envelope({
          tokens: [{ url: '/u', body: JSON.stringify({ token: 't0', key: 'k0' }), result: 0 }],
        });
      if (request.url.includes('upload_image')) return envelope({ key: 'k0', url: '/x' });
      return envelope({ feedback_id: 'fb1' });
    });
    const client = clientOver(fake.transport);
    const store = createStore();
    store.set(setFeedbackTextAtom, 'لم يصل الماس');
    const png = signatureOf('image/png');
    const untyped = new File([new Uint8Array(png)], 'shot.png', { type: '' });
    store.set(addFilesAtom, { files: [{ file: untyped, head: png }], previewOf });
    expect(store.get(attachmentsAtom).map((a) => [a.file.name, a.file.type])).toEqual([
      ['shot.png', 'image/png'],
    ]);
    expect(await submitFeedback(store, client, 'uuid-1')).toBe('fb1');
    const token = fake.requests.find((r) => r.url.includes('upload_token'));
    const files = JSON.parse(new URL(token?.url ?? '', 'http://x').searchParams.get('files') ?? '[]');
    // Under a neutral name (fileName.ts `uploadName`), its extension kept: the visitor's name is never sent.
    expect(files).toEqual([
      { name: expect.stringMatching(/^feedback-\d+\.png$/), size: png.length, content_type: 'image/png' },
    ]);
  });

  it.each([
    [24001, Message.fileTypeRefused],
    [24002, Message.fileTooLarge],
  ])('an upload refused for the file itself (%i) names the file and says why', async (code, reason) => {
    const fake = fakeTransport((request) => {
      if (request.url.includes('upload_token'))
        return envelope({
          tokens: [{ url: '/u', body: JSON.stringify({ token: 't0', key: 'k0' }), result: 0 }],
        });
      return envelope(null, code);
    });
    const client = clientOver(fake.transport);
    const store = createStore();
    store.set(setFeedbackTextAtom, 'لم يصل الماس');
    store.set(addFilesAtom, { files: [file('shot.png', 10, 'image/png')], previewOf });
    expect(await submitFeedback(store, client, 'uuid-1')).toBeUndefined();
    expect(store.get(feedbackPhaseAtom)).toEqual({
      kind: 'failed',
      message: `رُفض الملف shot.png: ${reason}. أزله أو استبدله ثم أعد الإرسال`,
      // Where the name sits, for the page to isolate it.
      fileName: { at: 'رُفض الملف '.length, shown: 'shot.png' },
    });
  });

  it('uploads each file with a token, submits the keys, and retries only what is missing', async () => {
    let failUpload = true;
    const fake = fakeTransport((request) => {
      if (request.url.includes('upload_token')) {
        const files = JSON.parse(
          new URL(request.url, 'http://x').searchParams.get('files') ?? '[]',
        ) as unknown[];
        return envelope({
          tokens: files.map((_, i) => ({
            url: '/u',
            body: JSON.stringify({ token: `t${i}`, key: `k${i}` }),
            result: 0,
          })),
        });
      }
      if (request.url.includes('upload_image')) {
        if (failUpload) return envelope(null, 24006, 'expired');
        return envelope({ key: (request.body as URLSearchParams).get('key'), url: '/x' });
      }
      return envelope({ feedback_id: 'fb1' });
    });
    const client = clientOver(fake.transport);
    const store = createStore();
    store.set(setFeedbackTextAtom, 'لم يصل الماس');
    store.set(addFilesAtom, { files: [file('a.png', 10, 'image/png')], previewOf });
    expect(await submitFeedback(store, client, 'uuid-1')).toBeUndefined();
    expect(store.get(feedbackPhaseAtom)).toMatchObject({ kind: 'failed' });
    expect(store.get(feedbackPhaseAtom).kind === 'failed' && store.get(feedbackPhaseAtom)).toMatchObject({
      message: expect.stringContaining(Message.uploadTokenInvalid),
    });
    expect(store.get(attachmentsAtom)).toHaveLength(1);
    failUpload = false;
    expect(await submitFeedback(store, client, 'uuid-1')).toBe('fb1');
    const submit = fake.requests.find((r) => r.url.includes('feedback/submit'));
    expect(new URL(submit?.url ?? '', 'http://x').searchParams.get('images')).toBe('["k0"]');
    const before = fake.requests.length;
    expect(await submitFeedback(store, client, 'uuid-1')).toBe('fb1');
    expect(fake.requests.slice(before).some((r) => r.url.includes('upload'))).toBe(false);
  });
});
