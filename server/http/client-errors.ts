/**
 * Requests Node's HTTP parser refuses before Fastify sees them: headers over the size limit,
 * a request that took too long to arrive, bytes that are not HTTP. Answered in our catalogued
 * `{ code, message }` shape and, unlike Fastify's default answer, with `Connection: close`: the socket is closed
 * right after, and a client that kept it for its next request would have that request fail
 * with no answer at all (generated input found it: a refused request's keep-alive socket
 * reused by the next one).
 */
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { errorBody, errorStatus, type ErrorCode } from "../../contracts/errors.js";

function refusalOf(code: string | undefined): ErrorCode {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return "REQUEST_TIMEOUT";
  if (code === "HPE_HEADER_OVERFLOW") return "HEADERS_TOO_LARGE";
  return "MALFORMED_REQUEST";
}

export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has no one to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const refusal = refusalOf(error.code);
  const status = errorStatus(refusal);
  const body = JSON.stringify(errorBody(refusal));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
