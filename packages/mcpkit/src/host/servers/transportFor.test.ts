import { describe, expect, it, vi } from 'vitest';
import { SseClientTransport, StreamableHttpClientTransport, type HttpAuthorizer, type HttpClient } from '../../http/index.js';
import { LocalError, type TransportSink } from '../../jsonrpc/index.js';
import type { HttpServerConfig } from '../config/types.js';
import { transportFor } from './transportFor.js';

const http: HttpServerConfig = { type: 'http', name: 'h', url: 'http://127.0.0.1:9/mcp', headers: {} };
const sink: TransportSink = { receive: () => undefined, reject: () => undefined, closed: () => undefined };
const authorizer: HttpAuthorizer = { headers: () => Promise.resolve({}), challenge: () => Promise.resolve(false) };

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

describe('transportFor (runtime-neutral)', () => {
  it('reaches http with Streamable HTTP, sse with HTTP+SSE only', () => {
    expect(transportFor(http)).toBeInstanceOf(StreamableHttpClientTransport);
    const sse = transportFor({ ...http, type: 'sse' });
    expect(sse).toBeInstanceOf(SseClientTransport);
    expect(sse).not.toBeInstanceOf(StreamableHttpClientTransport);
  });

  it('refuses a process: only Node starts one', () => {
    const attempt = (): unknown => transportFor({ type: 'stdio', name: 'p', command: 'srv', args: [], env: {} });
    expect(attempt).toThrow(LocalError);
    expect(attempt).toThrow(/server p is a process \(stdio\).*mcpkit\/host on Node/);
  });

  it('asks the auth hook for HTTP servers only, with the server config', () => {
    const auth = vi.fn(() => authorizer);
    transportFor(http, { auth });
    expect(auth).toHaveBeenCalledWith(http);
    expect(() => transportFor({ type: 'stdio', name: 'p', command: 'x', args: [], env: {} }, { auth })).toThrow();
    expect(auth).toHaveBeenCalledTimes(1);
  });

  it('sends requests through the HttpClient it is given', async () => {
    const client = recordingClient();
    const transport = transportFor(http, { httpClient: client });
    await transport.start(sink);
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' }).catch(() => undefined);
    await transport.close();
    expect(client.urls).toContain('http://127.0.0.1:9/mcp');
  });
});
