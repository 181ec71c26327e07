import { BUILD_FLAVOR } from '@topup/contracts/flavors';
import { BUILD } from '../platform/env';
import { reportConfig } from './config';

/**
 * Failure notices to the chat webhook (SPEC §7 "a failure notice is posted to a chat webhook"; §8 "storage
 * read/write failures are logged and sent to the chat webhook"). The address is the build's
 * (`VITE_CHAT_WEBHOOK`, see config.ts); without one nothing is sent. A loop of failures does not flood the
 * chat: at most 3 notices a minute and the same text once a minute; what is held back is counted in the next
 * notice. A notice is one JSON post `{ text }`, without cookies or referrer, never awaited, never thrown.
 * Card numbers, addresses' queries and sign-in values an error message might carry are masked.
 */

export const NOTICES_PER_WINDOW = 3;
export const NOTICE_WINDOW_MS = 60_000;
export const NOTICE_MAX_LENGTH = 1_000;

export type NoticeKind = 'storage' | 'error';

export type NoticeSend = (address: string, body: string) => Promise<unknown>;

/**
 * A path of the page's origin is posted as JSON; another origin's webhook (which answers no CORS preflight,
 * as chat webhooks do not) as a simple request: the same JSON as text/plain, its answer unread.
 */
const browserSend: NoticeSend = (address, body) => {
  const sameOrigin = address.startsWith('/');
  return fetch(address, {
    method: 'POST',
    headers: { 'Content-Type': sameOrigin ? 'application/json' : 'text/plain;charset=UTF-8' },
    body,
    keepalive: true,
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    ...(sameOrigin ? {} : { mode: 'no-cors' as const }),
  });
};

/**
 * What a notice must not carry: runs of 12 or more digits (spaces and dashes between them too: a card number),
 * the query and hash of an address, and a sign-in value named in the text (`session_key=…`, `token: …`).
 */
export const maskSecrets = (text: string): string =>
  text
    .replace(/\b(https?:\/\/[^\s?#]+)[?#]\S*/gi, '$1')
    .replace(
      /\b(session_key|sessionKey|[a-z_]*token|ticket|password)(["']?\s*[=:]\s*["']?)[^\s&"',;]+/gi,
      '$1$2[redacted]',
    )
    .replace(/\d(?:[ -]?\d){11,}/g, '[digits]');

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
    const body = maskSecrets(text).slice(0, NOTICE_MAX_LENGTH);
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
