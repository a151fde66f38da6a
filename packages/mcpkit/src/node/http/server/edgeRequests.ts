/**
 * The requests `node:http` never hands to a request listener: `CONNECT`
 * (emitted as `'connect'`, and without a listener answered by closing the
 * socket) and methods its parser does not know (a `'clientError'`). Both get
 * 405 with `Allow`, so a client learns what this endpoint takes; any other
 * parse error gets the status Node itself would have sent.
 *
 * @module
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { ENDPOINT_METHODS } from '../../../http/server/sessionRequests.js';

/** Node's own answers to a request it could not parse (its `socketOnError` defaults). */
const PARSE_STATUS: Readonly<Record<string, string>> = {
  HPE_INVALID_METHOD: '405 Method Not Allowed',
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** A complete, closing HTTP/1.1 answer with a JSON-RPC error body. */
function answer(status: string, extra: string): string {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message: status.slice(4) } });
  return (
    `HTTP/1.1 ${status}\r\n${extra}content-type: application/json\r\n` +
    `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
  );
}

const METHOD_NOT_ALLOWED = answer('405 Method Not Allowed', `allow: ${ENDPOINT_METHODS}\r\n`);

/** Answers `CONNECT` and unparsable requests on `server` instead of dropping the connection. */
export function answerEdgeRequests(server: Server): void {
  // Node hands both a net.Socket (typed as a Duplex for 'connect').
  server.on('connect', (_req: IncomingMessage, socket: Socket) => {
    socket.on('error', () => undefined);
    socket.end(METHOD_NOT_ALLOWED);
    socket.destroySoon();
  });
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    socket.on('error', () => undefined);
    if (socket.writable && socket.bytesWritten === 0) {
      const status = PARSE_STATUS[error.code ?? ''] ?? '400 Bad Request';
      socket.end(status === PARSE_STATUS['HPE_INVALID_METHOD'] ? METHOD_NOT_ALLOWED : answer(status, ''));
    }
    socket.destroySoon();
  });
}
