import { describe, expect, it, vi } from 'vitest';
import { SseClientTransport, StreamableHttpClientTransport, type HttpClient } from '../../http/index.js';
import type { TransportSink } from '../../jsonrpc/index.js';
import { StdioClientTransport } from '../../node/stdio/index.js';
import type { HttpServerConfig } from '../config/types.js';
import { nodeTransportFor } from './nodeTransportFor.js';

const http: HttpServerConfig = { type: 'http', name: 'h', url: 'http://127.0.0.1:9/mcp', headers: {} };
const sink: TransportSink = { receive: () => undefined, reject: () => undefined, closed: () => undefined };

/** An HttpClient that records the URLs it was asked for and reaches nothing. */
function recordingClient(): HttpClient & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    request: (request) => {
      urls.push(String(request.url));
      return Promise.reject(new Error('no network in this test'));
    },
  };
}

describe('nodeTransportFor', () => {
  it('spawns a process for stdio, and reaches HTTP as the neutral one does', () => {
    expect(nodeTransportFor({ type: 'stdio', name: 'p', command: 'srv', args: [], env: {} })).toBeInstanceOf(
      StdioClientTransport,
    );
    expect(nodeTransportFor(http)).toBeInstanceOf(StreamableHttpClientTransport);
    expect(nodeTransportFor({ ...http, type: 'sse' })).toBeInstanceOf(SseClientTransport);
  });

  it('hands the auth hook and the given HttpClient to HTTP servers', async () => {
    const auth = vi.fn(() => undefined);
    const client = recordingClient();
    const transport = nodeTransportFor(http, { auth, httpClient: client });
    expect(auth).toHaveBeenCalledWith(http);
    await transport.start(sink);
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' }).catch(() => undefined);
    await transport.close();
    expect(client.urls).toEqual(['http://127.0.0.1:9/mcp']);
  });
});
