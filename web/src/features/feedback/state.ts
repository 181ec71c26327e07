import {
  checkFeedbackFile,
  type FeedbackMediaKind,
  feedbackLimits,
} from '@topup/contracts/testdata/feedback';
import { atom } from 'jotai/vanilla';
import { tFeedback } from '../../i18n/feedback';

/**
 * The report being written. Text and files live here (memory only), so a failed upload or submission can
 * be retried without losing anything; files already uploaded keep their key and are not sent twice.
 */
export interface Attachment {
  readonly id: number;
  readonly file: File;
  readonly kind: FeedbackMediaKind;
  readonly previewUrl: string;
  readonly progress: number;
  readonly key: string | undefined;
}

export type FeedbackPhase =
  | { readonly kind: 'editing' }
  | { readonly kind: 'sending'; readonly step: 'tokens' | 'upload' | 'submit' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'sent'; readonly feedbackId: string };

const textState = atom('');
const contactState = atom('');
const attachmentsState = atom<Attachment[]>([]);
const fileErrorState = atom<string | undefined>(undefined);
const phaseState = atom<FeedbackPhase>({ kind: 'editing' });
let nextId = 0;

export const feedbackTextAtom = atom((get) => get(textState));
/** A signed-out visitor's phone number or e-mail address for the reply (optional). */
export const feedbackContactAtom = atom((get) => get(contactState));
export const setFeedbackContactAtom = atom(null, (get, set, contact: string) => {
  set(contactState, contact);
  if (get(phaseState).kind === 'failed') set(phaseState, { kind: 'editing' });
});
export const attachmentsAtom = atom((get) => get(attachmentsState));
export const fileErrorAtom = atom((get) => get(fileErrorState));
export const feedbackPhaseAtom = atom((get) => get(phaseState));

/** Typing answers a refusal: a failed send's message goes once the visitor edits the text. */
export const setFeedbackTextAtom = atom(null, (get, set, text: string) => {
  set(textState, text);
  if (get(phaseState).kind === 'failed') set(phaseState, { kind: 'editing' });
});

/** Adds picked files: each checked for type and size, at most three in all; refusals say why. */
export const addFilesAtom = atom(
  null,
  (get, set, args: { files: readonly File[]; previewOf: (file: File) => string }) => {
    const current = get(attachmentsState);
    const added: Attachment[] = [];
    let error: string | undefined;
    for (const file of args.files) {
      if (current.length + added.length >= feedbackLimits.maxFiles) {
        error = tFeedback('feedback.tooMany', { max: feedbackLimits.maxFiles });
        break;
      }
      const check = checkFeedbackFile({ name: file.name, size: file.size, content_type: file.type });
      if (!check.ok) {
        error = tFeedback(check.reason === 'type' ? 'feedback.fileType' : 'feedback.fileSize', {
          name: file.name,
        });
        continue;
      }
      nextId += 1;
      added.push({
        id: nextId,
        file,
        kind: check.kind,
        previewUrl: args.previewOf(file),
        progress: 0,
        key: undefined,
      });
    }
    set(attachmentsState, [...current, ...added]);
    set(fileErrorState, error);
  },
);

export const removeFileAtom = atom(null, (get, set, args: { id: number; release: (url: string) => void }) => {
  const removed = get(attachmentsState).find((a) => a.id === args.id);
  if (removed) args.release(removed.previewUrl);
  set(
    attachmentsState,
    get(attachmentsState).filter((a) => a.id !== args.id),
  );
  set(fileErrorState, undefined);
});

export const updateAttachmentAtom = atom(
  null,
  (get, set, args: { id: number; progress?: number; key?: string }) => {
    set(
      attachmentsState,
      get(attachmentsState).map((a) =>
        a.id === args.id ? { ...a, progress: args.progress ?? a.progress, key: args.key ?? a.key } : a,
      ),
    );
  },
);

export const setPhaseAtom = atom(null, (_get, set, phase: FeedbackPhase) => set(phaseState, phase));

/** After a sent report: a fresh form. */
export const resetFeedbackAtom = atom(null, (get, set, release: (url: string) => void) => {
  for (const a of get(attachmentsState)) release(a.previewUrl);
  set(textState, '');
  set(contactState, '');
  set(attachmentsState, []);
  set(fileErrorState, undefined);
  set(phaseState, { kind: 'editing' });
});
