import { contentMatchesType, SIGNATURE_BYTES } from '@topup/contracts/fileSignature';
import { OwnedStorageKeys } from '@topup/contracts/storage';
import {
  checkFeedbackFile,
  type FeedbackFileRefusal,
  type FeedbackMediaKind,
  feedbackLimits,
} from '@topup/contracts/testdata/feedback';
import { atom } from 'jotai/vanilla';
import { z } from 'zod/mini';
import { type feedbackAr, tFeedback } from '../../i18n/feedback';
import { readJson, tabStorage, writeJson } from '../../platform/storage';
import { keptDraftText } from './draftText';
import { type FileMessage, namingFile, uploadName } from './fileName';

/**
 * The report being written. Text and files live here, so a failed upload or submission can be retried without
 * losing anything; files already uploaded keep their key and are not sent twice. The text is also kept in the
 * tab's sessionStorage (`feedbackDraft`) until the report is sent, so a reload does not lose it (never a card
 * number typed in it); files are memory only (picked again after a reload).
 */
export interface Attachment {
  readonly id: number;
  /** The visitor's file, under its own name (shown on the page only). */
  readonly file: File;
  /** The same file under a neutral name (`fileName.ts` uploadName): what is uploaded. */
  readonly upload: File;
  readonly kind: FeedbackMediaKind;
  readonly previewUrl: string;
  readonly progress: number;
  readonly key: string | undefined;
}

export type FeedbackPhase =
  | { readonly kind: 'editing' }
  | { readonly kind: 'sending'; readonly step: 'tokens' | 'upload' | 'submit' }
  | {
      readonly kind: 'failed';
      readonly message: string;
      /** A file named in the message: where its name sits, to be shown isolated. */
      readonly fileName?: FileMessage['name'];
      /** The field whose own problem refused the send: its message is the form's, said once (not the field's). */
      readonly refusedIn?: 'text' | 'contact';
    }
  | { readonly kind: 'sent'; readonly feedbackId: string };

const textState = atom('');
const contactState = atom('');
const attachmentsState = atom<Attachment[]>([]);
const fileErrorState = atom<FileMessage | undefined>(undefined);
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
/** Why a picked file was not taken: the message's text. */
export const fileErrorAtom = atom((get) => get(fileErrorState)?.text);
/** The same, with where the file's name sits in it (the page isolates it). */
export const fileErrorMessageAtom = atom((get) => get(fileErrorState));
export const feedbackPhaseAtom = atom((get) => get(phaseState));

/** A draft as kept: text, and not past what a report could ever hold many times over (a stray paste). */
const DraftSchema = z.string().check(z.minLength(1), z.maxLength(feedbackLimits.maxTextLength * 20));

/**
 * The draft kept for a reload; none when the text is empty (cleared, or sent). A card number typed in it, and
 * its expiry and CVV, are never kept (draftText.ts): the draft is the text without them, and the form refuses
 * to send it (submit.ts `textError`).
 */
export function keepFeedbackDraft(text: string): void {
  writeJson(tabStorage(), OwnedStorageKeys.feedbackDraft, keptDraftText(text));
}

/** The page opened again in this tab (a reload): the text typed before, unless some is typed already. */
export const restoreFeedbackDraftAtom = atom(null, (get, set) => {
  if (get(textState) !== '') return;
  const draft = readJson(tabStorage(), OwnedStorageKeys.feedbackDraft, DraftSchema);
  if (draft !== undefined) set(textState, draft);
});

/** Typing answers a refusal: a failed send's message goes once the visitor edits the text. */
export const setFeedbackTextAtom = atom(null, (get, set, text: string) => {
  set(textState, text);
  keepFeedbackDraft(text);
  if (get(phaseState).kind === 'failed') set(phaseState, { kind: 'editing' });
});

/** A picked file and its first bytes (undefined when they could not be read). */
export interface PickedFile {
  readonly file: File;
  readonly head: Uint8Array | undefined;
}

/** Reads the first bytes of each picked file: what it really is (its magic bytes), whatever its name says. */
export function readHeads(files: readonly File[]): Promise<PickedFile[]> {
  return Promise.all(
    files.map(async (file) => {
      try {
        return { file, head: new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()) };
      } catch {
        return { file, head: undefined };
      }
    }),
  );
}

/** What the visitor is told of a file the check refuses (each names the file). */
const REFUSAL_TEXT = {
  type: 'feedback.fileType',
  empty: 'feedback.fileEmpty',
  size: 'feedback.fileSize',
} as const satisfies Record<FeedbackFileRefusal, keyof typeof feedbackAr>;

/**
 * A picked file that is taken, as it is sent: its kind, and the file under the media type the check found (a file
 * the browser could not type, with no `type`, is sent as what its name and its first bytes say it is, never as an
 * empty type); or why it is not taken (the message names it).
 */
function checkPicked({
  file,
  head,
}: PickedFile):
  | { readonly kind: FeedbackMediaKind; readonly file: File }
  | { readonly refusal: FileMessage } {
  const name = file.name;
  const check = checkFeedbackFile({ name, size: file.size, content_type: file.type });
  if (!check.ok)
    return {
      refusal: namingFile(tFeedback(REFUSAL_TEXT[check.reason]), name),
    };
  if (head === undefined) return { refusal: namingFile(tFeedback('feedback.fileUnreadable'), name) };
  // A text or program renamed .png is caught here, before anything is uploaded (the server refuses it too).
  if (!contentMatchesType(head, check.mime))
    return { refusal: namingFile(tFeedback('feedback.fileContent'), name) };
  const typed =
    file.type === check.mime
      ? file
      : new File([file], name, { type: check.mime, lastModified: file.lastModified });
  return { kind: check.kind, file: typed };
}

/**
 * Adds picked files: each checked for type, size and content (its first bytes), at most three in all;
 * refusals say which file and why.
 */
export const addFilesAtom = atom(
  null,
  (get, set, args: { files: readonly PickedFile[]; previewOf: (file: File) => string }) => {
    const current = get(attachmentsState);
    const added: Attachment[] = [];
    let error: FileMessage | undefined;
    for (const picked of args.files) {
      if (current.length + added.length >= feedbackLimits.maxFiles) {
        error = { text: tFeedback('feedback.tooMany', { max: feedbackLimits.maxFiles }) };
        break;
      }
      const taken = checkPicked(picked);
      if ('refusal' in taken) {
        error = taken.refusal;
        continue;
      }
      const { file, kind } = taken;
      nextId += 1;
      added.push({
        id: nextId,
        file,
        upload: new File([file], uploadName(file.name, nextId), {
          type: file.type,
          lastModified: file.lastModified,
        }),
        kind,
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
  keepFeedbackDraft('');
  set(contactState, '');
  set(attachmentsState, []);
  set(fileErrorState, undefined);
  set(phaseState, { kind: 'editing' });
});
