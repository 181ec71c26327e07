import { DirectiveSchema, fail, Message, ok, ServerCode } from '@topup/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MockServices } from '../services';
import { ROOM_FAULT_KINDS, type RoomFault } from './broadcast';
import { CLOSE_BY_CONTROL } from './hub';

/** Request schemas of the room control API (/__mock/rooms/). */

export const RoomParamsSchema = z.object({
  rid: z.string().regex(/^[1-9]\d{0,11}$/, 'a room id is a positive integer'),
});

export const RoomFaultBodySchema = z
  .object({
    sn: z.number().int().min(0),
    fault: z.enum(ROOM_FAULT_KINDS),
    ms: z.number().int().min(0).max(60_000).optional(),
  })
  .refine((b) => (b.fault === 'delay') === (b.ms !== undefined), {
    message: 'ms goes with the delay fault, and only with it',
    path: ['ms'],
  });

export const RoomPushBodySchema = z.object({ directives: z.array(DirectiveSchema).max(100) });

/** Optional: `{}` refreshes with no hidden change. */
export const RoomRefreshBodySchema = z
  .object({ directives: z.array(DirectiveSchema).max(100).optional() })
  .nullish();

/** Optional: `{}` closes with 1012. */
export const RoomCloseBodySchema = z
  .object({
    code: z
      .number()
      .int()
      .refine((c) => [1000, 1001, 1011, 1012, 1013].includes(c) || (c >= 3000 && c <= 4999), {
        message: 'a close code is 1000, 1001, 1011, 1012, 1013 or 3000-4999',
      })
      .optional(),
  })
  .nullish();

export const RoomSilenceBodySchema = z.object({ ms: z.number().int().min(0).max(600_000) });

function tooManyRooms(reply: FastifyReply) {
  return reply.code(200).send(fail(ServerCode.invalidParam, `${Message.invalidParam}: too many rooms`));
}

/**
 * The room control API under /__mock/rooms/:rid (off with --no-control): frame faults, pushed changes, a
 * forced full refresh, closing the sockets, silence, and the room's state. See ROOM.md.
 */
export function registerRoomControlRoutes(app: FastifyInstance, services: MockServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hub = services.rooms;
  const tags = ['control'];

  r.get('/__mock/rooms/:rid', { schema: { params: RoomParamsSchema, tags } }, async (request) =>
    ok(hub.snapshot(request.params.rid)),
  );

  r.post(
    '/__mock/rooms/:rid/faults',
    { schema: { params: RoomParamsSchema, body: RoomFaultBodySchema, tags } },
    async (request, reply) => {
      const { rid } = request.params;
      const { sn, fault, ms } = request.body;
      const spec: RoomFault = fault === 'delay' ? { kind: 'delay', ms: ms ?? 0 } : { kind: fault };
      const result = hub.setFault(rid, sn, spec);
      if (result === 'past') {
        const now = hub.snapshot(rid).sn;
        return reply.send(
          fail(
            ServerCode.invalidParam,
            `${Message.invalidParam}: sn: frame ${sn} is already out (room at ${now})`,
          ),
        );
      }
      if (result === 'too-many') {
        return reply.send(fail(ServerCode.invalidParam, `${Message.invalidParam}: too many faults or rooms`));
      }
      return ok(hub.snapshot(rid));
    },
  );

  r.delete('/__mock/rooms/:rid/faults', { schema: { params: RoomParamsSchema, tags } }, async (request) => {
    hub.clearFaults(request.params.rid);
    return ok(hub.snapshot(request.params.rid));
  });

  r.post(
    '/__mock/rooms/:rid/push',
    { schema: { params: RoomParamsSchema, body: RoomPushBodySchema, tags } },
    async (request, reply) => {
      const pushed = hub.push(request.params.rid, request.body.directives);
      return pushed === undefined ? tooManyRooms(reply) : ok(pushed);
    },
  );

  r.post(
    '/__mock/rooms/:rid/refresh',
    { schema: { params: RoomParamsSchema, body: RoomRefreshBodySchema, tags } },
    async (request, reply) => {
      const refreshed = hub.refresh(request.params.rid, request.body?.directives ?? []);
      return refreshed === undefined ? tooManyRooms(reply) : ok(refreshed);
    },
  );

  r.post(
    '/__mock/rooms/:rid/close',
    { schema: { params: RoomParamsSchema, body: RoomCloseBodySchema, tags } },
    async (request) =>
      ok({ closed: hub.closeSockets(request.params.rid, request.body?.code ?? CLOSE_BY_CONTROL) }),
  );

  r.post(
    '/__mock/rooms/:rid/silence',
    { schema: { params: RoomParamsSchema, body: RoomSilenceBodySchema, tags } },
    async (request, reply) => {
      if (!hub.silence(request.params.rid, request.body.ms)) return tooManyRooms(reply);
      return ok({ silentForMs: request.body.ms });
    },
  );
}
