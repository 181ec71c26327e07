import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { initialRoomSyncState, parseIncoming, type RoomSyncState, reduceRoomMessage } from '@topup/contracts';
import WebSocket, { WebSocketServer } from 'ws';
import { joinUrl } from '../http/client';
import { ROOM_MESSAGE_MAX_BYTES } from '../room/events';

/** What a recorded room socket saw, for a room step. */
export interface RoomRecording {
  readonly rid: string;
  readonly messages: number;
  /** sn of the first and the last applied frame (-1 when none). */
  readonly firstSn: number;
  readonly lastSn: number;
  /** Gaps the sn machine saw (each one makes the app ask for a full refresh, recorded as its own call). */
  readonly gaps: number;
  readonly dropped: number;
  /** Keys of the status table after the first `settledAfter` messages. */
  readonly keys: readonly string[];
  readonly settledAfter: number;
}

/** How many messages a replay waits for: enough to see the room answer, few enough not to wait on ticks. */
const REPLAY_MESSAGES = 3;

/** Feeds each server frame of one room socket through the contracts' sn machine, as the app does. */
export class RoomTap {
  private state: RoomSyncState;
  private messages = 0;
  private firstSn = -1;
  private gaps = 0;
  private dropped = 0;
  private keys: string[] = [];

  constructor(readonly rid: string) {
    this.state = initialRoomSyncState(rid);
  }

  frame(text: string): void {
    this.messages += 1;
    const parsed = parseIncoming(text);
    if (!parsed.ok) this.dropped += 1;
    else {
      const reduced = reduceRoomMessage(this.state, parsed.message);
      if (reduced.needsRefresh) this.gaps += 1;
      if (this.firstSn < 0 && reduced.state.sn >= 0) this.firstSn = reduced.state.sn;
      this.state = reduced.state;
    }
    if (this.messages <= REPLAY_MESSAGES) this.keys = Object.keys(this.state.table).sort();
  }

  summary(): RoomRecording {
    return {
      rid: this.rid,
      messages: this.messages,
      firstSn: this.firstSn,
      lastSn: this.state.sn,
      gaps: this.gaps,
      dropped: this.dropped,
      keys: this.keys,
      settledAfter: Math.min(this.messages, REPLAY_MESSAGES),
    };
  }
}

/**
 * Relays room websockets: each client socket is joined to one on the target (same path and query), frames
 * pass both ways unchanged, and the server's frames are tapped. `onRoom` gets each socket's recording when
 * either side closes, or when the relay stops.
 */
export class RoomRelay {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: ROOM_MESSAGE_MAX_BYTES });
  private readonly open = new Map<RoomTap, () => void>();

  constructor(
    private readonly target: URL,
    private readonly onRoom: (recording: RoomRecording) => void,
  ) {}

  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = request.url ?? '/';
    const upstreamUrl = joinUrl(this.target.toString(), path);
    upstreamUrl.protocol = this.target.protocol === 'https:' ? 'wss:' : 'ws:';
    const tap = new RoomTap(upstreamUrl.searchParams.get('rid') ?? '');
    this.wss.handleUpgrade(request, socket, head, (client) => {
      const upstream = new WebSocket(upstreamUrl, { maxPayload: ROOM_MESSAGE_MAX_BYTES });
      const pending: WebSocket.RawData[] = [];
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        this.open.delete(tap);
        if (tap.summary().messages > 0) this.onRoom(tap.summary());
        client.terminate();
        upstream.terminate();
      };
      this.open.set(tap, finish);
      upstream.on('open', () => {
        for (const data of pending.splice(0)) upstream.send(data);
      });
      upstream.on('message', (data, isBinary) => {
        if (!isBinary) tap.frame(data.toString());
        if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
      });
      client.on('message', (data, isBinary) => {
        if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary: isBinary });
        else pending.push(data);
      });
      for (const side of [client, upstream]) {
        side.on('close', finish);
        side.on('error', finish);
      }
    });
  }

  /** Ends every relayed socket, recording each. */
  close(): void {
    for (const finish of [...this.open.values()]) finish();
    this.wss.close();
  }
}
