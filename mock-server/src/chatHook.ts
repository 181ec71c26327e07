import type { FastifyInstance } from 'fastify';
import { redact } from './contract/redact';
import { perMinuteLimit } from './security/slidingWindows';
import type { MockServices } from './services';

/**
 * The chat webhook receiver of the mock (SPEC §7/§8: failure notices and storage failures are posted to a
 * chat webhook, whose address SPEC does not show). The development and end-to-end builds point
 * `VITE_CHAT_WEBHOOK` here. A post is JSON `{ text }`; each is recorded in the journal (call `unknown`, path
 * /__hooks/chat), redacted as the event log is (a card number in free text is masked). At most 60 posts a minute from one address are kept;
 * past that the answer is 429.
 */

export const CHAT_HOOK_PATH = '/__hooks/chat';
export const CHAT_TEXT_MAX = 2_000;
export const CHAT_POSTS_PER_MINUTE = 60;

export function registerChatHook(app: FastifyInstance, services: MockServices): void {
  const admit = perMinuteLimit(services.world.clock, CHAT_POSTS_PER_MINUTE);
  app.post(CHAT_HOOK_PATH, { bodyLimit: 8 * 1024 }, async (request, reply) => {
    const body = request.body;
    const text = typeof body === 'object' && body !== null ? (body as { text?: unknown }).text : undefined;
    if (typeof text !== 'string' || text === '' || text.length > CHAT_TEXT_MAX)
      return reply.code(400).send({ ok: false });
    if (!admit(request.ip)) return reply.code(429).send({ ok: false });
    services.control.record({
      atMs: services.world.clock.now(),
      call: 'unknown',
      method: 'POST',
      path: CHAT_HOOK_PATH,
      params: redact({ text }),
      result: 0,
      ms: 0,
    });
    return reply.code(200).send({ ok: true });
  });
}
