import { ok, PkgInfoSchema } from '@topup/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { MockServices } from '../services';
import { World } from '../world/world';
import { forcedFault, latencyMsOf } from './faults';
import {
  ClockBodySchema,
  type ClockState,
  ConfigBodySchema,
  ForceBodySchema,
  JournalQuerySchema,
  LatencyBodySchema,
  ResetBodySchema,
} from './schemas';
import type { ForcedAnswer } from './state';

/** The control API under /__mock/ (off with --no-control): reset, clock, forced answers, latency, journal, lockouts. */
export function registerControlRoutes(app: FastifyInstance, services: MockServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/__mock/reset', { schema: { body: ResetBodySchema, tags: ['control'] } }, async (request) => {
    const { seed, now } = request.body;
    // Only this world: the next reset without them is the server's own again.
    const options = {
      ...services.options,
      ...(seed === undefined ? {} : { seed }),
      ...(now === undefined ? {} : { now: new Date(now) }),
    };
    services.world = new World(options);
    services.rooms.reset();
    services.control.clearForced();
    services.control.clearJournal();
    services.control.latencyMs = 0;
    return ok({ seed: options.seed, now: services.world.clock.date().toISOString() });
  });

  r.get('/__mock/clock', { schema: { tags: ['control'] } }, async () => ok(clockState(services)));

  r.post('/__mock/clock', { schema: { body: ClockBodySchema, tags: ['control'] } }, async (request) => {
    const { set, advanceMs, real } = request.body;
    const clock = services.world.clock;
    if (set !== undefined) clock.set(new Date(set));
    if (advanceMs !== undefined) clock.advance(advanceMs);
    if (real) clock.unfreeze();
    return ok(clockState(services));
  });

  r.post('/__mock/force', { schema: { body: ForceBodySchema, tags: ['control'] } }, async (request) => {
    const { call, times, answer } = request.body;
    const forced: ForcedAnswer =
      'result' in answer
        ? { kind: 'result', result: answer.result, message: answer.message }
        : forcedFault(answer);
    services.control.force(call, forced, times);
    return ok({ pending: services.control.pending() });
  });

  // The forced answers not taken yet, by call: a test waits for its fault to be taken (the request reached the
  // mock) before it moves the page's clock past a time limit, or the page would give up on a request still on
  // its way, and the retry would take the fault meant for it.
  r.get('/__mock/force', { schema: { tags: ['control'] } }, async () =>
    ok({ pending: services.control.pending() }),
  );

  r.delete('/__mock/force', { schema: { tags: ['control'] } }, async () => {
    services.control.clearForced();
    return ok({ pending: {} });
  });

  r.post('/__mock/config', { schema: { body: ConfigBodySchema, tags: ['control'] } }, async (request) => {
    services.world.pkgInfo = PkgInfoSchema.parse({ ...services.world.pkgInfo, ...request.body });
    return ok({ pkgInfo: services.world.pkgInfo });
  });

  r.post('/__mock/latency', { schema: { body: LatencyBodySchema, tags: ['control'] } }, async (request) => {
    services.control.latencyMs = latencyMsOf(request.body);
    return ok({ ms: services.control.latencyMs });
  });

  r.get('/__mock/lockouts', { schema: { tags: ['control'] } }, async () =>
    ok({ locked: services.world.signIns.locked() }),
  );

  // Lifts every account lockout after repeated wrong passwords (a reset does too).
  r.delete('/__mock/lockouts', { schema: { tags: ['control'] } }, async () => {
    services.world.signIns.lift();
    return ok({ locked: [] });
  });

  r.get(
    '/__mock/journal',
    { schema: { querystring: JournalQuerySchema, tags: ['control'] } },
    async (request) => ok({ entries: services.control.journal(request.query) }),
  );

  r.delete('/__mock/journal', { schema: { tags: ['control'] } }, async () => {
    services.control.clearJournal();
    return ok({ entries: [] });
  });
}

function clockState(services: MockServices): ClockState {
  const clock = services.world.clock;
  return { now: clock.date().toISOString(), frozen: clock.frozen };
}
