import { describe, expect, it } from 'vitest';
import { ChatNotifier, maskDigits, NOTICE_WINDOW_MS, NOTICES_PER_WINDOW } from './chatWebhook';

function notifier(address = '/__hooks/chat') {
  const posts: { address: string; text: string }[] = [];
  let now = 1_000_000;
  const chat = new ChatNotifier(
    address,
    async (to, body) => posts.push({ address: to, text: (JSON.parse(body) as { text: string }).text }),
    () => now,
  );
  return {
    chat,
    posts,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('@spec:call.chatWebhook failure notices and storage failures go to the chat webhook, rate-limited', () => {
  it('posts a storage failure as one JSON notice naming the build', () => {
    const { chat, posts } = notifier();
    expect(chat.notify('storage', 'storage write topup.deviceId: QuotaExceededError')).toBe(true);
    expect(posts).toEqual([
      {
        address: '/__hooks/chat',
        text: '[topup 1.0.333 ksa] storage: storage write topup.deviceId: QuotaExceededError',
      },
    ]);
  });

  it('sends nothing without a webhook address', () => {
    const posts: string[] = [];
    const chat = new ChatNotifier(undefined, async (_to, body) => posts.push(body));
    expect(chat.notify('error', 'boom')).toBe(false);
    expect(posts).toEqual([]);
  });

  it.each([
    ['one failure', 1, 1],
    ['a loop of 100 storage failures', 100, NOTICES_PER_WINDOW],
  ])('%s in a minute: %i notices at most %i posted', (_name, failures, posted) => {
    const { chat, posts } = notifier();
    for (let i = 0; i < failures; i += 1) chat.notify('storage', `storage read key${i}: SecurityError`);
    expect(posts).toHaveLength(posted);
  });

  it('the same text once a minute; what was held back is counted in the next notice', () => {
    const { chat, posts, advance } = notifier();
    for (let i = 0; i < 10; i += 1) chat.notify('storage', 'storage write k: QuotaExceededError');
    expect(posts).toHaveLength(1);
    advance(NOTICE_WINDOW_MS - 1);
    expect(chat.notify('storage', 'storage write k: QuotaExceededError')).toBe(false);
    advance(1);
    expect(chat.notify('storage', 'storage write k: QuotaExceededError')).toBe(true);
    expect(posts[1]?.text).toMatch(/\(10 more held back\)$/);
  });

  it('masks long digit runs and bounds the text', () => {
    expect(maskDigits('card 4242 4242 4242 4242 cvv 123')).toBe('card [digits] cvv 123');
    expect(maskDigits('uid 10000001')).toBe('uid 10000001');
    const { chat, posts } = notifier();
    chat.notify('error', `x${'y'.repeat(5000)}`);
    expect(posts[0]?.text.length).toBeLessThan(1100);
  });

  it('a webhook that fails to answer throws nothing at the page', async () => {
    const chat = new ChatNotifier('/__hooks/chat', () => Promise.reject(new Error('offline')));
    expect(() => chat.notify('error', 'boom')).not.toThrow();
    await Promise.resolve();
  });
});
