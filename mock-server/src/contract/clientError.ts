import type { Socket } from 'node:net';
import { fail, Message, ServerCode } from '@topup/contracts';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL over the size limit, a
 * malformed request line) still get an envelope, not Fastify's default `{ error, statusCode }` body: every
 * answer of the API is an envelope (found by `topup contract fuzz` with oversize query parameters).
 */
export function envelopeClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, label] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout']
        : [400, 'Bad Request'];
  const body = JSON.stringify(fail(ServerCode.invalidParam, `${Message.invalidParam}: ${label}`));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${label}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
