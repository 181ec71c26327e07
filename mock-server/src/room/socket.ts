import {
  ClientEnvelopeSchema,
  ClientMsgId,
  fail,
  isJoinMessage,
  Message,
  ServerCode,
  type ServerEnvelope,
} from '@topup/contracts';
import { parseJson } from '@topup/contracts/room/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { isOwnHost } from '../control/access';
import type { MockServices } from '../services';
import type { RoomPeer } from './broadcast';
import type { RoomHub } from './hub';

/** The room websocket path (the project's choice: SPEC §7 says the address is supplied at runtime). */
export const ROOM_SOCKET_PATH = '/ws/room';

/** `type` of the acknowledgement the server sends for a join and a heartbeat (the project's choice). */
export const ROOM_ACK_TYPE = 0;
/**
 * The acknowledgement's `ack`: the msg_id it answers, so 3 for a join and a heartbeat alike (SPEC §7 sends
 * both with msg_id 3). A client tells them apart by `seq`, the one it sent; a join's ack names the room.
 */
export const ROOM_ACK_ID = ClientMsgId.message;

/** A client frame larger than this is ignored (the plugin also caps frames at 64 KiB). */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;
/** Open room sockets per app, joined or not; one more is closed with 1013 (try again later). */
export const MAX_ROOM_SOCKETS = 20_000;
/** Open room sockets per client address (a visitor's tabs); one more is closed with 1013. */
export const DEFAULT_ROOM_SOCKETS_PER_ADDRESS = 16;
/** A socket that has not joined a room by then is closed with 1008. */
export const JOIN_TIMEOUT_MS = 60_000;

/** Room ids are positive integers (the refresh call's `rid`), up to 12 digits. */
const RID_PATTERN = /^[1-9]\d{0,11}$/;

export function isValidRid(rid: string): boolean {
  return RID_PATTERN.test(rid);
}

/**
 * The websocket upgrade's Origin rule: no Origin (a CLI, a test); the app's own origin,
 * that is the scheme and the very host and port the upgrade was sent to, when that host is this server's;
 * the public base (Vite's dev server); or one of the configured origins. Another port of the same machine is
 * another site. Anything else, including the opaque origin "null", is refused.
 */
export function isOriginAllowed(
  origin: string | undefined,
  own: { readonly host: string | undefined; readonly isOwnHost: boolean },
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true;
  const url = urlOf(origin);
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  if (allowed.some((entry) => urlOf(entry)?.origin === url.origin)) return true;
  if (!own.isOwnHost || own.host === undefined) return false;
  return urlOf(`${url.protocol}//${own.host.trim()}`)?.origin === url.origin;
}

function urlOf(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function ackText(seq: number, rid: string | undefined): string {
  const ack = ROOM_ACK_ID;
  const data = rid === undefined ? { type: ROOM_ACK_TYPE, ack, seq } : { type: ROOM_ACK_TYPE, ack, seq, rid };
  const outer: ServerEnvelope = { result: 0, message: '', data: JSON.stringify(data) };
  return JSON.stringify(outer);
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

function sizeOf(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, chunk) => sum + chunk.length, 0);
  return data.byteLength;
}

/** One socket: joins at most one room at a time, answers heartbeats, ignores anything malformed. */
class RoomConnection implements RoomPeer {
  #rid: string | undefined;
  #joinTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly hub: RoomHub,
  ) {
    this.#joinTimer = setTimeout(() => {
      if (this.#rid === undefined) this.close(1008, 'join a room first');
    }, JOIN_TIMEOUT_MS);
    this.#joinTimer.unref();
  }

  send(_text: string, utf8: Buffer): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(utf8, { binary: false });
  }

  #ack(seq: number, rid: string | undefined): void {
    const text = ackText(seq, rid);
    this.send(text, Buffer.from(text, 'utf8'));
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  join(rid: string, seq?: number): void {
    if (this.#rid !== undefined && this.#rid !== rid) this.hub.leave(this.#rid, this);
    const joined = this.hub.join(rid, this);
    if (joined !== 'joined') {
      this.#rid = undefined;
      this.close(joined === 'closed' ? 1001 : 1013, joined);
      return;
    }
    this.#rid = rid;
    clearTimeout(this.#joinTimer);
    if (seq !== undefined && !this.hub.isSilent(rid)) this.#ack(seq, rid);
  }

  onMessage(data: RawData, isBinary: boolean): void {
    if (isBinary || sizeOf(data) > MAX_CLIENT_MESSAGE_BYTES) return;
    const json = parseJson(textOf(data));
    if (!json.ok) return;
    // Every client frame is msg_id 3 (SPEC §7); the body tells a join ({ rid }) from a heartbeat ({}).
    // Another msg_id (1 included) or another body is malformed: ignored, like any other frame.
    const envelope = ClientEnvelopeSchema.safeParse(json.value);
    if (!envelope.success) return;
    const message = envelope.data;
    if (isJoinMessage(message)) {
      if (isValidRid(message.body.rid)) this.join(message.body.rid, message.seq);
      return;
    }
    if (this.#rid !== undefined && this.hub.isSilent(this.#rid)) return;
    this.#ack(message.seq, this.#rid);
  }

  onClose(): void {
    clearTimeout(this.#joinTimer);
    if (this.#rid !== undefined) this.hub.leave(this.#rid, this);
    this.#rid = undefined;
  }
}

function ridQuery(request: FastifyRequest): string | undefined {
  const rid = (request.query as Record<string, unknown> | undefined)?.rid;
  return typeof rid === 'string' ? rid : undefined;
}

/**
 * The room websocket at `GET /ws/room?rid=<id>` (see ROOM.md). The upgrade is refused with HTTP 403 for an
 * Origin that is not allowed and 400 for a malformed rid; a client without `rid` joins with the join message.
 */
export function registerRoomSocket(app: FastifyInstance, services: MockServices): void {
  let open = 0;
  const byAddress = new Map<string, number>();
  const perAddress = services.options.roomSocketsPerAddress;
  const allowed = [
    ...services.options.allowedOrigins,
    ...(services.options.publicBase === undefined ? [] : [services.options.publicBase]),
  ];
  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).send(fail(ServerCode.invalidParam, `${Message.invalidParam}: ${message}`));

  app.get(
    ROOM_SOCKET_PATH,
    {
      websocket: true,
      onRequest: async (request, reply) => {
        // A plain GET (no upgrade) gets an envelope rather than the plugin's empty 404.
        if (!request.ws) return refuse(reply, 426, 'this path takes a websocket upgrade');
        const host = request.headers.host;
        if (!isOriginAllowed(request.headers.origin, { host, isOwnHost: isOwnHost(app, host) }, allowed)) {
          return refuse(reply, 403, 'origin not allowed');
        }
        const rid = ridQuery(request);
        if (rid !== undefined && !isValidRid(rid)) return refuse(reply, 400, 'rid');
      },
    },
    (socket, request) => {
      const connection = new RoomConnection(socket, services.rooms);
      const address = request.ip;
      const fromAddress = byAddress.get(address) ?? 0;
      // One address cannot fill the rooms table (each socket may hold a room) nor the server's sockets. A
      // refused socket is not counted: it frees nothing when it closes.
      if (open >= MAX_ROOM_SOCKETS || fromAddress >= perAddress) {
        socket.on('close', () => connection.onClose());
        connection.close(1013, 'too many sockets');
        return;
      }
      open += 1;
      byAddress.set(address, fromAddress + 1);
      socket.on('message', (data, isBinary) => {
        try {
          connection.onMessage(data, isBinary);
        } catch (error) {
          request.log.warn({ err: error }, 'room socket message failed');
        }
      });
      socket.on('close', () => {
        open -= 1;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left === 0) byAddress.delete(address);
        else byAddress.set(address, left);
        connection.onClose();
      });
      const rid = ridQuery(request);
      if (rid !== undefined) connection.join(rid);
    },
  );
}
