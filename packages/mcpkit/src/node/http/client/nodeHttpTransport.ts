/**
 * The HTTP client transports as `mcpkit/node` gives them: the same protocol
 * logic as `mcpkit/http`, carried by `NodeHttpClient` (`node:http`,
 * keep-alive) unless the options name a `fetch` or another `httpClient`.
 *
 * @module
 */
import type { UrlTransportOptions } from '../../../http/client/httpTransport.js';
import type { HttpTransportOptions } from '../../../http/client/send.js';
import {
  SseClientTransport as SseOverHttpClient,
  type SseClientTransportOptions,
} from '../../../http/client/sseClientTransport.js';
import {
  StreamableHttpClientTransport as StreamableOverHttpClient,
  type StreamableHttpClientTransportOptions,
} from '../../../http/client/streamableHttpClientTransport.js';
import { NodeHttpClient } from './nodeHttpClient.js';

let defaultClient: NodeHttpClient | undefined;

/** The options, carried by the shared `NodeHttpClient` unless they name a `fetch` or an `httpClient`. */
function onNode<T extends HttpTransportOptions>(options: T): T {
  if (options.fetch !== undefined || options.httpClient !== undefined) return options;
  defaultClient ??= new NodeHttpClient();
  return { ...options, httpClient: defaultClient };
}

/** The Streamable HTTP client transport (both eras, HTTP+SSE fallback) over `node:http` by default. */
export class NodeStreamableHttpClientTransport extends StreamableOverHttpClient {
  constructor(options: StreamableHttpClientTransportOptions) {
    super(onNode(options));
  }
}

/** The 2024-11-05 HTTP+SSE client transport over `node:http` by default. */
export class NodeSseClientTransport extends SseOverHttpClient {
  constructor(options: SseClientTransportOptions) {
    super(onNode(options));
  }
}

/**
 * A transport for the server at `url`, over `node:http`: Streamable HTTP in
 * whichever era the client's messages use, switching to HTTP+SSE by itself
 * when the server turns out to be a 2024-11-05 one (see `mcpkit/http`'s
 * `httpTransport`, of which this is the Node face). It connects nothing:
 * `client.connect(nodeHttpTransport(url))` does.
 */
export function nodeHttpTransport(url: string | URL, options?: UrlTransportOptions): NodeStreamableHttpClientTransport {
  return new NodeStreamableHttpClientTransport({ fallbackToSse: true, ...options, url });
}
