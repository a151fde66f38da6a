/**
 * A replica of the conformance scenario `sse-retry` (SEP-1699) on real HTTP,
 * with a shorter `retry` so it runs fast: the initialize response comes on an
 * SSE stream that primes an event id and closes after the response (which must
 * not be "resumed"); the GET stream primes an id and `retry`, then closes; the
 * client must reconnect no earlier than `retry` − 50 ms, with `Last-Event-ID`.
 */
import { afterEach, expect, it } from 'vitest';
import { Connection } from '../../src/jsonrpc/connection.js';
import { waitFor } from '../helpers.js';
import { FACES } from './faces.js';
import { listen, readBody, type Listening } from './nodeServer.js';

const RETRY_MS = 300;
let server: Listening | undefined;

afterEach(async () => {
  await server?.close();
});

it.each(FACES)(
  '$name face: reconnects the GET stream after the server-set retry, with Last-Event-ID, and never re-opens a finished POST stream',
  async (face) => {
    const gets: { at: number; lastEventId: string | undefined }[] = [];
    let counter = 0;
    server = await listen((req, res) => {
      if (req.method === 'GET') {
        const lastEventId = req.headers['last-event-id'];
        gets.push({ at: performance.now(), lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined });
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`id: event-${String(++counter)}\nretry: ${String(RETRY_MS)}\ndata: \n\n`);
        setTimeout(() => res.end(), 100);
        return;
      }
      void readBody(req).then((raw) => {
        const request = JSON.parse(raw.toString('utf8')) as { id?: number; method: string };
        if (request.method === 'initialize') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(`id: event-${String(++counter)}\nretry: ${String(RETRY_MS)}\ndata: \n\n`);
          const result = { protocolVersion: '2025-11-25', serverInfo: { name: 'sse-retry', version: '1.0.0' }, capabilities: {} };
          res.write(
            `event: message\nid: event-${String(++counter)}\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: request.id, result })}\n\n`,
          );
          setTimeout(() => res.end(), 100);
        } else if (request.id === undefined) {
          res.writeHead(202).end();
        } else {
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: {} }));
        }
      });
    });
    const transport = new face.StreamableHttpClientTransport({ url: server.origin });
    const connection = new Connection(transport);
    await connection.start();
    await connection.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    await connection.notify('notifications/initialized');
    await waitFor(() => gets.length >= 2, 3000, 'the reconnection');
    await connection.close();
    const [first, second] = gets;
    expect(first?.lastEventId).toBeUndefined();
    expect(second?.lastEventId).toBe(`event-3`); // the GET stream's priming id, not the POST stream's
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(RETRY_MS - 50);
  },
);
