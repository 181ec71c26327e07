import { hasCardNumber } from '@topup/contracts/cardNumber';
import { ServerCode } from '@topup/contracts/codes';
import { FEEDBACK_CONTACT_MAX_LENGTH } from '@topup/contracts/limits';
import { checkFeedbackContact, checkFeedbackText, feedbackLimits } from '@topup/contracts/testdata/feedback';
import type { ApiClient } from '../../api/client';
import { failureText } from '../../api/failureText';
import { tFeedback } from '../../i18n/feedback';
import { t } from '../../i18n/t';
import { normaliseDigits } from '../../platform/digits';
import { BUILD } from '../../platform/env';
import type { AppStore } from '../../platform/store';
import { sessionAtom } from '../../session/session';
import { namingFile } from './fileName';
import {
  attachmentsAtom,
  feedbackContactAtom,
  feedbackTextAtom,
  keepFeedbackDraft,
  setPhaseAtom,
  updateAttachmentAtom,
} from './state';

/** The upload's refusals of the file itself, not of the request: the file is named when one comes. */
const FILE_REFUSALS: ReadonlySet<number> = new Set([ServerCode.fileTypeRefused, ServerCode.fileTooLarge]);

/**
 * The text's own problem, if any (SPEC §5: required; TESTDATA: at most 500 characters). A card number in it
 * (contracts' `hasCardNumber`: a CVV or expiry typed beside it included) is refused: card numbers and CVVs never
 * go into a URL (the submit is a GET) nor to the support team; the visitor removes it, the rest of the text kept.
 */
export function textError(text: string): string | undefined {
  if (hasCardNumber(text)) return tFeedback('feedback.cardNumber');
  const check = checkFeedbackText(text);
  if (check.ok) return undefined;
  return check.reason === 'required'
    ? tFeedback('feedback.textRequired')
    : tFeedback('feedback.textTooLong', { max: feedbackLimits.maxTextLength });
}

/**
 * Whether the contact is a card number rather than a phone number: the shared finder's rule (contracts'
 * `findCardNumbers`: 12 to 19 digits of any script, grouped as people type them, passing Luhn and beginning
 * with a card issuer's digit, 2 to 6), nothing of its own. A phone number fits a card's shape only when it
 * begins with 2–6 and has 12 digits or more: local forms ("05…", "00…") and codes beginning 1, 7, 8 or 9 (the
 * Gulf's "+9…") never do; one with a code 2–6 ("+44 7911 123456") passes Luhn one time in ten. That one in
 * ten is refused (a card number is never sent: the submit is a GET, and goes to support) with a message that
 * says how to write it instead: its country code after 00, which no card begins with, or an e-mail address.
 * A narrower rule (Visa, Mastercard and Amex prefixes only) would let mada, UnionPay or JCB cards through.
 */
export function contactHoldsCardNumber(contact: string): boolean {
  return hasCardNumber(contact);
}

/** The contact's problem, if any: empty, a phone number or an e-mail address, within its limit, no card. */
export function contactError(contact: string): string | undefined {
  if (contactHoldsCardNumber(contact)) return tFeedback('feedback.contactCardNumber');
  const check = checkFeedbackContact(normaliseDigits(contact));
  if (check.ok) return undefined;
  return check.reason === 'length'
    ? tFeedback('feedback.contactTooLong', { max: FEEDBACK_CONTACT_MAX_LENGTH })
    : tFeedback('feedback.contactInvalid');
}

/**
 * upload token → upload each file with progress → submit (SPEC §7). Files that already have a key are
 * not uploaded again, so a retry continues where the failure stopped. Answers the feedback id, or
 * undefined after recording the failure in the phase.
 */
export async function submitFeedback(
  store: AppStore,
  api: ApiClient,
  uuid: string,
): Promise<string | undefined> {
  const text = store.get(feedbackTextAtom);
  const session = store.get(sessionAtom);
  // Only a visitor who is not signed in is asked how to be reached (a signed-in one is known by their account).
  const contactCheck =
    session === undefined ? checkFeedbackContact(normaliseDigits(store.get(feedbackContactAtom))) : undefined;
  const contactProblem = session === undefined ? contactError(store.get(feedbackContactAtom)) : undefined;
  const textProblem = textError(text);
  const problem = textProblem ?? contactProblem;
  if (problem !== undefined) {
    // Which field refused it, kept on the phase (the page says it once, by the form), not read from the words.
    const refusedIn = textProblem === undefined ? 'contact' : 'text';
    store.set(setPhaseAtom, { kind: 'failed', message: problem, refusedIn });
    return undefined;
  }
  const failWith = (message: string) => {
    store.set(setPhaseAtom, { kind: 'failed', message });
    return undefined;
  };
  const fail = (reason: string) => failWith(tFeedback('feedback.failed', { reason }));
  // A refused call: its catalogue message, or the page's words with its code; never the server's (failureText).
  const refused = (result: number) =>
    failWith(
      failureText(result, {
        unknown: (code) => tFeedback('feedback.failedCode', { code }),
        known: (reason) => tFeedback('feedback.failed', { reason }),
      }),
    );
  const pending = store.get(attachmentsAtom).filter((a) => a.key === undefined);
  if (pending.length > 0) {
    store.set(setPhaseAtom, { kind: 'sending', step: 'tokens' });
    const tokens = await api.call('uploadToken', {
      purpose: 'feedback',
      uuid,
      // Under neutral names (state.ts `upload`): a visitor's file name may hold a card number (fileName.ts).
      files: pending.map((a) => ({
        name: a.upload.name,
        size: a.upload.size,
        content_type: a.upload.type,
      })),
    });
    if (!tokens.ok) return refused(tokens.result);
    store.set(setPhaseAtom, { kind: 'sending', step: 'upload' });
    for (const [index, attachment] of pending.entries()) {
      const token = tokens.data.tokens[index];
      if (token === undefined) return fail(t('app.unexpected'));
      const uploaded = await api.call(
        'uploadImage',
        {
          key: token.body.key,
          token: token.body.token,
          file: {
            filename: attachment.upload.name,
            mimetype: attachment.upload.type,
            size: attachment.upload.size,
          },
        },
        {
          files: { file: attachment.upload },
          onUploadProgress: (fraction) =>
            store.set(updateAttachmentAtom, { id: attachment.id, progress: fraction }),
        },
      );
      if (!uploaded.ok) {
        // The server refused this file (its type, its content or its size): said by name, with its reason.
        if (FILE_REFUSALS.has(uploaded.result)) {
          const named = namingFile(
            tFeedback('feedback.fileRefused', { reason: uploaded.message }),
            attachment.file.name,
          );
          store.set(setPhaseAtom, {
            kind: 'failed',
            message: named.text,
            ...(named.name ? { fileName: named.name } : {}),
          });
          return undefined;
        }
        return refused(uploaded.result);
      }
      store.set(updateAttachmentAtom, { id: attachment.id, progress: 1, key: uploaded.data.key });
    }
  }
  store.set(setPhaseAtom, { kind: 'sending', step: 'submit' });
  const contact = contactCheck?.ok === true ? contactCheck.contact : undefined;
  const keys = store.get(attachmentsAtom).flatMap((a) => (a.key === undefined ? [] : [a.key]));
  const answer = await api.call('submitFeedback', {
    content: text,
    images: keys,
    model: navigator.userAgent.slice(0, 128),
    version: BUILD.version,
    uuid,
    ...(contact === undefined ? {} : { contact }),
    ...(session ? { session_key: session.sessionKey, uid: session.user.uid } : {}),
  });
  if (!answer.ok) return refused(answer.result);
  // Sent: a reload or the page opened again starts a new report, not this one again.
  keepFeedbackDraft('');
  store.set(setPhaseAtom, { kind: 'sent', feedbackId: answer.data.feedback_id });
  return answer.data.feedback_id;
}
