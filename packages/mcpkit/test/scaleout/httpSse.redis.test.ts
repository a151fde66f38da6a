/**
 * HTTP+SSE (2024-11-05) through three Redis-backed processes behind a
 * round-robin proxy, with no stickiness: the `GET /sse` stream lives on one
 * process, and each `POST /messages` lands wherever the proxy sends it. The
 * official v1 client's `SSEClientTransport` and mcpkit's `NodeSseClientTransport`
 * run the whole scenario (calls, progress, elicitation); then the errors: an
 * unknown session (404 from every process), a holder that stopped (404), a
 * store that cannot be reached (503).
 */
import { SSEClientTransport as V1SseTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { describe, expect, it } from 'vitest';
import { NodeSseClientTransport } from '../../src/node/http/client/nodeHttpTransport.js';
import { freePort, HAVE_REDIS, startBackend, stopBackend, type Backend } from './cluster.js';
import { mcpkitCall, mcpkitClient, text, v1Call, v1Client, type Call } from './callers.js';
import { cleanupAfterEach, useCluster } from './testBed.js';

if (!HAVE_REDIS) console.warn('scale-out tests skipped: redis-server is not installed (apt-get install -y redis-server)');

/** A raw HTTP+SSE stream, read event by event. */
class RawSse {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';

  constructor(response: Response) {
    this.#reader = (response.body as ReadableStream<Uint8Array>).getReader();
  }

  /** The next event (keep-alive comments skipped), or undefined at the end. */
  async next(): Promise<{ event: string; data: string } | undefined> {
    for (;;) {
      const end = this.#buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 2);
        let event = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trim();
        }
        if (data !== '') return { event, data };
        continue;
      }
      const { done, value } = await this.#reader.read();
      if (done) return undefined;
      this.#buffer += this.#decoder.decode(value, { stream: true });
    }
  }

  cancel(): Promise<void> {
    return this.#reader.cancel();
  }
}

/** Opens a raw HTTP+SSE session at `base`; resolves with its messages URL and its stream. */
async function openRaw(base: string): Promise<{ endpoint: string; sse: RawSse }> {
  const response = await fetch(new URL('/sse', base), { headers: { accept: 'text/event-stream' } });
  expect(response.status).toBe(200);
  const sse = new RawSse(response);
  const first = await sse.next();
  expect(first?.event).toBe('endpoint');
  return { endpoint: new URL(first?.data ?? '', base).href, sse };
}

const post = (url: string, body: object): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe.skipIf(!HAVE_REDIS)('HTTP+SSE through three processes, no sticky routing', () => {
  const bed = useCluster();
  const defer = cleanupAfterEach();

  /** The scenario, with any client: calls, elicitation and progress, their POSTs spread over the processes. */
  async function scenario(call: Call): Promise<void> {
    const before = [...bed.proxy.hits];
    const pids = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const reply = text(await call('echo', { text: `n${String(i)}` }));
      expect(reply).toMatch(new RegExp(`^echo: n${String(i)} \\(pid \\d+\\)$`));
      pids.add(reply.replace(/.*pid /, ''));
    }
    // Every call ran on the process holding the stream, wherever its POST landed.
    expect(pids.size).toBe(1);
    for (let i = 0; i < 3; i++) expect(text(await call('elicit', {}))).toMatch(/^hello Grace/);
    const progress: number[] = [];
    // Spaced out: the v1 client drops progress that arrives in the same read as the response (ROUGH_EDGES.md).
    expect(text(await call('progress', { steps: 4, delayMs: 50 }, (p) => progress.push(p)))).toBe('done 4');
    expect(progress).toEqual([1, 2, 3, 4]);
    // The POSTs reached every process.
    expect(bed.proxy.hits.every((n, i) => n - (before[i] ?? 0) >= 3)).toBe(true);
  }

  it('the official v1 SSEClientTransport', async () => {
    const client = v1Client();
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the transport of 2024-11-05 is what is tested
    await client.connect(new V1SseTransport(new URL('/sse', bed.proxy.url)));
    defer(() => client.close());
    await scenario(v1Call(client));
  });

  it("mcpkit's NodeSseClientTransport", async () => {
    const client = mcpkitClient();
    await client.connect(new NodeSseClientTransport({ url: new URL('/sse', bed.proxy.url) }));
    defer(() => client.close());
    await scenario(mcpkitCall(client));
  });

  it('an unknown session is 404 from every process; a bad body is 400 wherever it lands', async () => {
    const messages = new URL('/messages?sessionId=no-such-session', bed.proxy.url).href;
    for (let i = 0; i < 3; i++) {
      const response = await post(messages, { jsonrpc: '2.0', id: 1, method: 'ping' });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { message: expect.stringMatching(/Session not found/) as unknown } });
    }
    const { endpoint, sse } = await openRaw(bed.proxy.url);
    defer(() => sse.cancel());
    for (let i = 0; i < 3; i++) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":',
      });
      expect(response.status).toBe(400);
      await response.text();
    }
  });

  it('a session whose process stopped is 404 wherever its POST lands', async () => {
    const own = await Promise.all([0, 1].map(() => startBackend(bed.redis.url)));
    for (const b of own) defer(() => stopBackend(b, 'SIGTERM'));
    const [holder, other] = own as [Backend, Backend];
    const { endpoint, sse } = await openRaw(holder.url);
    defer(() => sse.cancel().catch(() => undefined));
    const elsewhere = new URL(new URL(endpoint).pathname + new URL(endpoint).search, other.url).href;
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const accepted = await post(elsewhere, init);
    expect(accepted.status).toBe(202);
    // The answer comes on the holder's stream.
    const answer = await sse.next();
    expect(JSON.parse(answer?.data ?? '')).toMatchObject({ id: 1, result: { protocolVersion: '2024-11-05' } });
    await stopBackend(holder, 'SIGKILL');
    // Its lease outlives it, but not its liveness (three heartbeats of 300 ms).
    await expect
      .poll(async () => (await post(elsewhere, { jsonrpc: '2.0', id: 2, method: 'ping' })).status, {
        timeout: 15_000,
        interval: 300,
      })
      .toBe(404);
  });

  it('a store that cannot be reached: 503 for the stream and for POSTs', async () => {
    const nowhere = `redis://127.0.0.1:${String(await freePort())}`;
    const lost = await startBackend(nowhere);
    defer(() => stopBackend(lost, 'SIGTERM'));
    const stream = await fetch(new URL('/sse', lost.url), { headers: { accept: 'text/event-stream' } });
    expect(stream.status).toBe(503);
    await stream.text();
    const response = await post(new URL('/messages?sessionId=abc', lost.url).href, { jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { message: expect.stringMatching(/cannot be reached/) as unknown } });
  });
});
