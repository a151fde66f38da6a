/**
 * The two faces of the HTTP client transports, for tests that run against a
 * real server: `fetch` (as `mcpkit/http` exports them) and `node:http` (as
 * `mcpkit/node` exports them). Each face's `client` is its default carrier,
 * for tests that wrap it to watch what goes out.
 *
 * @module
 */
import { httpTransport as transportOverFetch } from '../../src/http/client/httpTransport.js';
import { FetchHttpClient } from '../../src/http/client/fetchHttpClient.js';
import type { HttpClient } from '../../src/http/client/httpClient.js';
import { StreamableHttpClientTransport as StreamableOverFetch } from '../../src/http/client/streamableHttpClientTransport.js';
import {
  nodeHttpTransport as transportOverNode,
  NodeStreamableHttpClientTransport as StreamableOverNode,
} from '../../src/node/http/client/nodeHttpTransport.js';
import { NodeHttpClient } from '../../src/node/http/client/nodeHttpClient.js';

/** One face: its factory, its transport class, and a fresh client of its kind. */
export interface Face {
  readonly name: 'fetch' | 'node';
  readonly httpTransport: typeof transportOverFetch;
  readonly StreamableHttpClientTransport: typeof StreamableOverFetch;
  readonly client: () => HttpClient;
}

/** Both faces, for `describe.each`. */
export const FACES: readonly Face[] = [
  {
    name: 'fetch',
    httpTransport: transportOverFetch,
    StreamableHttpClientTransport: StreamableOverFetch,
    client: () => new FetchHttpClient(),
  },
  {
    name: 'node',
    httpTransport: transportOverNode,
    StreamableHttpClientTransport: StreamableOverNode,
    client: () => new NodeHttpClient(),
  },
];
