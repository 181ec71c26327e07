import { BUILD_FLAVOR } from '@topup/contracts/flavors';
import { BUILD } from '../platform/env';
import { reportConfig } from './config';

/**
 * Failure notices to the chat webhook (SPEC §7 "a failure notice is posted to a chat webhook"; §8 "storage
 * read/write failures are logged and sent to the chat webhook"). The address is the build's
 * (`VITE_CHAT_WEBHOOK`, see config.ts); without one nothing is sent. A loop of failures does not flood the
 * chat: at most 3 notices a minute and the same text once a minute; what is held back is counted in the next
 * notice. A notice is one JSON post `{ text }`, without cookies or referrer, never awaited, never thrown.
 * Long digit runs (a card number someone's error message might carry) are masked.
 */

export const NOTICES_PER_WINDOW = 3;
export const NOTICE_WINDOW_MS = 60_000;
export const NOTICE_MAX_LENGTH = 1_000;

export type NoticeKind = 'storage' | 'error';

export type NoticeSend = (address: string, body: string) => Promise<unknown>;

const browserSend: NoticeSend = (address, body) =>
  fetch(address, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  });

/** Masks runs of 12 or more digits (spaces and dashes between them too): no card number leaves the page. */
export const maskDigits = (text: string): string => text.replace(/\d(?:[ -]?\d){11,}/g, '[digits]');

export class ChatNotifier {
  private sentAt: number[] = [];
  private lastSent = new Map<string, number>();
  private heldBack = 0;

  constructor(
    private readonly address: string | undefined,
    private readonly send: NoticeSend = browserSend,
    private readonly now: () => number = Date.now,
  ) {}

  /** Posts a notice unless there is no webhook or the rate limit holds it back; answers whether it was posted. */
  notify(kind: NoticeKind, text: string): boolean {
    if (this.address === undefined) return false;
    const now = this.now();
    const body = maskDigits(text).slice(0, NOTICE_MAX_LENGTH);
    const key = `${kind}\u0000${body}`;
    this.sentAt = this.sentAt.filter((at) => now - at < NOTICE_WINDOW_MS);
    const last = this.lastSent.get(key);
    if (this.sentAt.length >= NOTICES_PER_WINDOW || (last !== undefined && now - last < NOTICE_WINDOW_MS)) {
      this.heldBack += 1;
      return false;
    }
    this.sentAt.push(now);
    this.lastSent.set(key, now);
    const held = this.heldBack > 0 ? ` (${this.heldBack} more held back)` : '';
    this.heldBack = 0;
    const message = `[topup ${BUILD.version} ${BUILD_FLAVOR}] ${kind}: ${body}${held}`;
    void this.send(this.address, JSON.stringify({ text: message })).catch(() => undefined);
    return true;
  }
}

const notifier = new ChatNotifier(reportConfig.chatWebhook);

/** A failure notice to the build's chat webhook (see ChatNotifier). */
export function noticeFailure(kind: NoticeKind, text: string): boolean {
  return notifier.notify(kind, text);
}
