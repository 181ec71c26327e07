import { describe, expect, it } from 'vitest';
import { ChatNotifier, maskSecrets, NOTICE_WINDOW_MS, NOTICES_PER_WINDOW } from './chatWebhook';

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

  it.each([
    ['card 4242 4242 4242 4242 cvv 123', 'card [digits] cvv 123'],
    ['card 4242-4242-4242-4242', 'card [digits]'],
    ['uid 10000001', 'uid 10000001'],
    [
      'fetch failed https://127.0.0.1:8080/api/x/?session_key=sk-1&uid=2#pageinfo=abc then',
      'fetch failed https://127.0.0.1:8080/api/x/ then',
    ],
    ['bad session_key=sk-10000001 seen', 'bad session_key=[redacted] seen'],
    ['{"id_token": "gid-1", "uid": 5}', '{"id_token": "[redacted]", "uid": 5}'],
    ['ticket: tk-10000001', 'ticket: [redacted]'],
  ])('masks %j as %j', (text, masked) => {
    expect(maskSecrets(text)).toBe(masked);
  });

  it('bounds the text', () => {
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
