/**
 * The switch to the 2024-11-05 HTTP+SSE transport, kept inside the Streamable
 * HTTP transport so the client above sees one transport throughout. Tried
 * when the client's first `initialize` POST fails with 400, 404 or 405 and no
 * JSON-RPC answer: `GET` the same URL and expect an `endpoint` event.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#http+sse-transport-2024-11-05`
 * @see 2025-11-25 `basic/transports.mdx#backwards-compatibility`
 * @module
 */
import type { TransportSink } from '../../jsonrpc/transport.js';
import type { HttpTransportError } from './transportError.js';
import type { HttpContext } from './send.js';
import { SseClientTransport } from './sseClientTransport.js';

/**
 * Opens an HTTP+SSE connection to `url` delivering to `sink`. If there is no
 * such server either, rejects with `cause` (the failure of the POST, which is
 * what the client should see) after reporting why the GET failed.
 */
export async function openSseFallback(
  url: URL,
  context: HttpContext,
  cause: HttpTransportError,
  warn: (message: string) => void,
  sink: TransportSink,
): Promise<SseClientTransport> {
  const { client, headers } = context;
  // The same face and headers: `requestInit` is already in both.
  const sse = new SseClientTransport({ url, httpClient: client, ...(headers && { headers }) });
  try {
    await sse.start(sink);
  } catch (error) {
    warn(`HTTP+SSE fallback failed: ${error instanceof Error ? error.message : String(error)}`);
    throw cause;
  }
  return sse;
}
