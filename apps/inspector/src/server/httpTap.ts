/**
 * An `HttpClient` that logs each exchange (method, URL, status, headers)
 * around the real one, so the wire log shows the HTTP under the JSON-RPC.
 * Credentials are masked: a recording may be shared.
 *
 * @module
 */
import type { HttpClient, HttpClientRequest, HttpReply } from 'mcpkit/http';
import { maskHeaders } from '../shared/secrets.js';
import type { NewEntry } from './wireLog.js';

/** The reply headers the MCP HTTP transports read, the ones worth showing. */
const REPLY_HEADERS = [
  'content-type',
  'mcp-session-id',
  'mcp-protocol-version',
  'www-authenticate',
  'location',
  'retry-after',
  'cache-control',
];

/** Wraps `inner`, logging every exchange with `record`. */
export function tapHttpClient(inner: HttpClient, record: (entry: NewEntry) => void): HttpClient {
  return {
    async request(request: HttpClientRequest): Promise<HttpReply> {
      const base = {
        kind: 'http',
        method: request.method,
        url: request.url.href,
        requestHeaders: maskHeaders(request.headers),
      } as const;
      let reply: HttpReply;
      try {
        reply = await inner.request(request);
      } catch (error) {
        record({
          ...base,
          status: undefined,
          responseHeaders: {},
          error: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
      const responseHeaders: Record<string, string> = {};
      for (const name of REPLY_HEADERS) {
        const value = reply.header(name);
        if (value !== undefined) responseHeaders[name] = value;
      }
      record({ ...base, status: reply.status, responseHeaders });
      return reply;
    },
  };
}
