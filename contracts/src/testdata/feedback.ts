/** The feedback limits of TESTDATA "Feedback": the client checks them first, the mock refuses the rest. */

import { FEEDBACK_CONTACT_MAX_LENGTH } from '../limits';

/** 1 MB = 1024 * 1024 bytes, the way file pickers and phones count. */
const MB = 1024 * 1024;

export type FeedbackMediaKind = 'image' | 'video';

export interface FeedbackMediaType {
  readonly kind: FeedbackMediaKind;
  readonly mime: string;
  /** Lower case, without the dot. */
  readonly extensions: readonly string[];
}

export const FEEDBACK_MEDIA_TYPES: readonly FeedbackMediaType[] = [
  { kind: 'image', mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { kind: 'image', mime: 'image/png', extensions: ['png'] },
  { kind: 'image', mime: 'image/webp', extensions: ['webp'] },
  { kind: 'video', mime: 'video/mp4', extensions: ['mp4'] },
  { kind: 'video', mime: 'video/quicktime', extensions: ['mov'] },
];

export const feedbackLimits = {
  maxFiles: 3,
  maxTextLength: 500,
  maxBytes: { image: 5 * MB, video: 50 * MB },
} as const satisfies {
  maxFiles: number;
  maxTextLength: number;
  maxBytes: Record<FeedbackMediaKind, number>;
};

export interface FeedbackFile {
  readonly name: string;
  readonly size: number;
  readonly content_type: string;
}

export type FeedbackFileCheck =
  /** `mime`: the type it is taken as (the declared one, or its extension's when the browser gave none). */
  | { readonly ok: true; readonly kind: FeedbackMediaKind; readonly mime: string }
  | { readonly ok: false; readonly reason: FeedbackFileRefusal };

/** Why a file is refused: not an accepted type, empty (0 bytes: nothing to show), or over its kind's limit. */
export type FeedbackFileRefusal = 'type' | 'empty' | 'size';

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** Browsers give '' or octet-stream for types they do not know; then the extension alone decides. */
const UNTYPED = new Set(['', 'application/octet-stream']);

function mediaTypeOf(file: FeedbackFile): FeedbackMediaType | undefined {
  const mime = (file.content_type.split(';', 1)[0] ?? '').trim().toLowerCase();
  const extension = extensionOf(file.name);
  if (UNTYPED.has(mime)) return FEEDBACK_MEDIA_TYPES.find((type) => type.extensions.includes(extension));
  // A declared type must agree with the name, so a renamed file is not let through.
  return FEEDBACK_MEDIA_TYPES.find((type) => type.mime === mime && type.extensions.includes(extension));
}

/** One attachment: an accepted type, then a size above 0 (an empty file is its own refusal) and within its kind's limit. */
export function checkFeedbackFile(file: FeedbackFile): FeedbackFileCheck {
  const type = mediaTypeOf(file);
  if (type === undefined) return { ok: false, reason: 'type' };
  if (file.size === 0) return { ok: false, reason: 'empty' };
  if (!Number.isFinite(file.size) || file.size < 0 || file.size > feedbackLimits.maxBytes[type.kind]) {
    return { ok: false, reason: 'size' };
  }
  return { ok: true, kind: type.kind, mime: type.mime };
}

export type FeedbackFilesCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'count' }
  | { readonly ok: false; readonly reason: FeedbackFileRefusal; readonly index: number };

/** All attachments of one submission: at most three, each accepted. */
export function checkFeedbackFiles(files: readonly FeedbackFile[]): FeedbackFilesCheck {
  if (files.length > feedbackLimits.maxFiles) return { ok: false, reason: 'count' };
  for (const [index, file] of files.entries()) {
    const check = checkFeedbackFile(file);
    if (!check.ok) return { ok: false, reason: check.reason, index };
  }
  return { ok: true };
}

/** Characters are code points, so an emoji counts once whatever its UTF-16 length. */
export function feedbackTextLength(text: string): number {
  return [...text].length;
}

export type FeedbackTextCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'required' | 'length' };

export type FeedbackContactCheck =
  | { readonly ok: true; readonly contact: string | undefined }
  | { readonly ok: false; readonly reason: 'length' | 'format' };

/**
 * An optional contact for the reply: empty is fine; else a phone number (8 to 15 digits, an optional leading
 * +, spaces and dashes allowed) or an e-mail address, at most FEEDBACK_CONTACT_MAX_LENGTH characters. Digits
 * arrive already Western (the app normalises Arabic-Indic ones).
 */
export function checkFeedbackContact(text: string): FeedbackContactCheck {
  const contact = text.trim();
  if (contact === '') return { ok: true, contact: undefined };
  if ([...contact].length > FEEDBACK_CONTACT_MAX_LENGTH) return { ok: false, reason: 'length' };
  const digits = contact.replace(/[ -]/g, '').replace(/^\+/, '');
  const phone = /^\+?[0-9][0-9 -]*[0-9]$/.test(contact) && /^[0-9]{8,15}$/.test(digits);
  const email = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(contact);
  return phone || email ? { ok: true, contact } : { ok: false, reason: 'format' };
}

/**
 * What shows nothing: white space, format characters (zero-width spaces and joiners, direction marks, a BOM)
 * and the blank fillers that render empty.
 */
const INVISIBLE = /[\s\p{Cf}\u115f\u1160\u2800\u3164\uffa0]/gu;

/** The text is required (SPEC §5): invisible characters alone are no text. It holds at most 500 characters. */
export function checkFeedbackText(text: string): FeedbackTextCheck {
  if (text.replace(INVISIBLE, '') === '') return { ok: false, reason: 'required' };
  if (feedbackTextLength(text) > feedbackLimits.maxTextLength) return { ok: false, reason: 'length' };
  return { ok: true };
}
