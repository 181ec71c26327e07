import type { SocketLike } from '../features/room/realtime';

/** A room websocket the test drives: what the client sent, and the server's side (open, frames, closes). */
export class FakeSocket implements SocketLike {
  sent: unknown[] = [];
  closed: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closed = code;
  }
  open() {
    this.onopen?.({});
  }
  receive(data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ result: 0, message: '', data: JSON.stringify(data) }) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}
