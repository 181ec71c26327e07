import { randomBytes } from 'node:crypto';
import {
  checkFeedbackFile,
  checkFeedbackFiles,
  checkFeedbackText,
  type FeedbackFile,
  type FeedbackFileRefusal,
  feedbackLimits,
  ServerCode,
} from '@topup/contracts';
import type { World } from './world';

/** Where an upload token's file is sent (upload_image). */
export const UPLOAD_URL = '/api/user/upload_image/';
/** An upload token is good for 10 minutes of world time. */
export const UPLOAD_TOKEN_TTL_MS = 10 * 60 * 1000;
/** Unused tokens and submissions kept at most, so a long run cannot grow the mock without bound. */
const MAX_TOKENS = 5000;
const MAX_SUBMISSIONS = 1000;

/** Who asked for a token: a feedback upload by client uuid, an audit upload by signed-in uid. */
export type UploadOwner = { readonly uuid: string } | { readonly uid: number };

export interface IssuedToken {
  readonly url: string;
  readonly body: { readonly token: string; readonly key: string };
  readonly result: 0;
}

export interface UploadedFile {
  readonly filename: string;
  readonly mimetype: string;
  readonly size: number;
  /** Whether the first bytes are of the declared type; absent when not checked. */
  readonly content_matches?: boolean | undefined;
}

export interface FeedbackSubmission {
  readonly feedback_id: string;
  readonly content: string;
  /** A signed-out visitor's phone number or e-mail address, when given. */
  readonly contact: string | undefined;
  readonly keys: readonly string[];
  readonly uid: number | undefined;
  readonly uuid: string;
  readonly model: string;
  readonly version: string;
  /** Milliseconds of world time. */
  readonly at: number;
}

export interface SubmissionRequest {
  readonly content: string;
  readonly contact?: string | undefined;
  readonly images: readonly string[];
  readonly uid: number | undefined;
  readonly uuid: string;
  readonly model: string;
  readonly version: string;
}

type Refusal = { readonly ok: false; readonly result: number };

interface UploadSlot {
  readonly token: string;
  readonly key: string;
  readonly owner: UploadOwner;
  readonly declared: FeedbackFile;
  readonly expiresAt: number;
  /** Bytes received; the bytes themselves are never kept. */
  uploadedSize: number | undefined;
  usedBy: string | undefined;
}

/**
 * The feedback desk (SPEC §7, TESTDATA "Feedback"): upload tokens, one per file; uploads checked for type
 * and size against the token's declared file; submissions of text and up to 3 keys really uploaded with a
 * valid token. A refused step stores nothing.
 */
export class FeedbackDesk {
  readonly #world: World;
  /** By key. */
  readonly #slots = new Map<string, UploadSlot>();
  #submissions: FeedbackSubmission[] = [];
  #nextId = 1;

  constructor(world: World) {
    this.#world = world;
  }

  issueTokens(
    owner: UploadOwner,
    files: readonly FeedbackFile[],
  ): { ok: true; tokens: IssuedToken[] } | Refusal {
    const check = checkFeedbackFiles(files);
    if (!check.ok) return { ok: false, result: fileRefusal(check.reason) };
    this.#prune();
    const expiresAt = this.#world.clock.now() + UPLOAD_TOKEN_TTL_MS;
    const tokens = files.map((file): IssuedToken => {
      const token = randomBytes(16).toString('hex');
      const key = `feedback/${randomBytes(12).toString('hex')}.${extensionOf(file.name)}`;
      this.#slots.set(key, {
        token,
        key,
        owner,
        declared: file,
        expiresAt,
        uploadedSize: undefined,
        usedBy: undefined,
      });
      return { url: UPLOAD_URL, body: { token, key }, result: 0 };
    });
    return { ok: true, tokens };
  }

  /** Whether a key and token may upload now: the key's token, unexpired and unused. */
  tokenUsable(key: string, token: string): boolean {
    const slot = this.#slots.get(key);
    return (
      slot !== undefined &&
      slot.token === token &&
      slot.uploadedSize === undefined &&
      slot.expiresAt > this.#world.clock.now()
    );
  }

  /**
   * One upload: the token must be the key's, unexpired and unused; the file as declared, within limits, and
   * its first bytes of its declared type.
   */
  upload(key: string, token: string, file: UploadedFile): { ok: true; key: string; url: string } | Refusal {
    const slot = this.#slots.get(key);
    if (slot === undefined || !this.tokenUsable(key, token)) {
      return { ok: false, result: ServerCode.uploadTokenInvalid };
    }
    const check = checkFeedbackFile({ name: file.filename, size: file.size, content_type: file.mimetype });
    if (!check.ok) return { ok: false, result: fileRefusal(check.reason) };
    // Only the server's own reading of the bytes counts: absent is not a yes.
    if (file.content_matches !== true) return { ok: false, result: ServerCode.fileTypeRefused };
    // The multipart limit cuts a longer stream, so a file larger than declared is refused, not shortened.
    if (file.size > slot.declared.size) return { ok: false, result: ServerCode.fileTooLarge };
    slot.uploadedSize = file.size;
    return { ok: true, key, url: `/feedback-uploads/${key}` };
  }

  submit(request: SubmissionRequest): { ok: true; feedback_id: string } | Refusal {
    const text = checkFeedbackText(request.content);
    if (!text.ok) {
      return {
        ok: false,
        result: text.reason === 'required' ? ServerCode.textRequired : ServerCode.textTooLong,
      };
    }
    if (request.images.length > feedbackLimits.maxFiles)
      return { ok: false, result: ServerCode.tooManyFiles };
    const slots: UploadSlot[] = [];
    for (const key of request.images) {
      const slot = this.#slots.get(key);
      const usable =
        slot !== undefined &&
        slot.uploadedSize !== undefined &&
        slot.usedBy === undefined &&
        !slots.includes(slot) &&
        belongsTo(slot.owner, request);
      if (!usable) return { ok: false, result: ServerCode.uploadTokenInvalid };
      slots.push(slot);
    }
    const feedbackId = `fb-${this.#nextId++}`;
    for (const slot of slots) slot.usedBy = feedbackId;
    this.#submissions.push({
      feedback_id: feedbackId,
      content: request.content,
      contact: request.contact,
      keys: [...request.images],
      uid: request.uid,
      uuid: request.uuid,
      model: request.model,
      version: request.version,
      at: this.#world.clock.now(),
    });
    if (this.#submissions.length > MAX_SUBMISSIONS)
      this.#submissions = this.#submissions.slice(-MAX_SUBMISSIONS);
    return { ok: true, feedback_id: feedbackId };
  }

  submissions(): readonly FeedbackSubmission[] {
    return [...this.#submissions];
  }

  /** Files received so far (their sizes only). */
  uploadCount(): number {
    let count = 0;
    for (const slot of this.#slots.values()) if (slot.uploadedSize !== undefined) count += 1;
    return count;
  }

  /** Drops expired tokens never uploaded, then the oldest unused ones beyond the cap. */
  #prune(): void {
    const now = this.#world.clock.now();
    for (const [key, slot] of this.#slots) {
      if (slot.uploadedSize === undefined && slot.expiresAt <= now) this.#slots.delete(key);
    }
    for (const key of this.#slots.keys()) {
      if (this.#slots.size <= MAX_TOKENS) break;
      this.#slots.delete(key);
    }
  }
}

/** The server's codes have none for an empty file: it is refused as out of the size limits, as before. */
function fileRefusal(reason: 'count' | FeedbackFileRefusal): number {
  if (reason === 'count') return ServerCode.tooManyFiles;
  return reason === 'type' ? ServerCode.fileTypeRefused : ServerCode.fileTooLarge;
}

/** A feedback key goes with the client uuid that asked for it; an audit key with the signed-in user. */
function belongsTo(owner: UploadOwner, request: SubmissionRequest): boolean {
  return 'uuid' in owner ? owner.uuid === request.uuid : owner.uid === request.uid;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,5}$/.test(extension) ? extension : 'bin';
}
