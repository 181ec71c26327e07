import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { CHAT_HOOK_PATH, CHAT_POSTS_PER_MINUTE } from '../src/chatHook';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ now: new Date('2026-11-21T09:00:00Z') });
});
afterAll(() => app.close());

const CONTROL = { 'x-topup-control': '1' };
const post = (payload: unknown, ip = '127.0.0.1') =>
  app.inject({ method: 'POST', url: CHAT_HOOK_PATH, payload: payload as object, remoteAddress: ip });
async function chatPosts(): Promise<{ path: string; params: { text: string } }[]> {
  const answer = await app.inject({ method: 'GET', url: '/__mock/journal', headers: CONTROL });
  const entries = (answer.json() as { data: { entries: { path: string; params: { text: string } }[] } }).data
    .entries;
  return entries.filter((e) => e.path === CHAT_HOOK_PATH);
}

describe('@spec:call.chatWebhook the mock receives chat webhook posts and journals them', () => {
  it('journals a notice, redacted like every entry', async () => {
    const answer = await post({ text: '[topup 1.0.333 ksa] storage: storage write k: QuotaExceededError' });
    expect(answer.statusCode).toBe(200);
    expect((await chatPosts()).map((e) => e.params.text)).toContain(
      '[topup 1.0.333 ksa] storage: storage write k: QuotaExceededError',
    );
    await post({ text: 'card 4242424242424242' });
    expect(JSON.stringify(await chatPosts())).not.toContain('4242424242424242');
  });

  it.each([
    [{}, 400],
    [{ text: '' }, 400],
    [{ text: 'x'.repeat(2001) }, 400],
    [{ text: 42 }, 400],
  ])('%j is refused with %i and not journalled', async (payload, status) => {
    const before = (await chatPosts()).length;
    expect((await post(payload)).statusCode).toBe(status);
    expect(await chatPosts()).toHaveLength(before);
  });

  it(`keeps at most ${CHAT_POSTS_PER_MINUTE} posts a minute from one address`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= CHAT_POSTS_PER_MINUTE; i += 1)
      codes.push((await post({ text: `n${i}` }, '10.0.0.9')).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(CHAT_POSTS_PER_MINUTE);
    expect(codes.at(-1)).toBe(429);
  });
});
