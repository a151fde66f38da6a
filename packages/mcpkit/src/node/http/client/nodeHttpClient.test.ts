// The node:http face of the client transports on real sockets: JSON and
// chunked SSE bodies, keep-alive reuse (also after a cancelled stream),
// aborts, redirects, the stale keep-alive retry, connection failures, HTTPS.
import { getEventListeners } from 'node:events';
import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, readBody, type Listening } from '../../../../test/httpClient/nodeServer.js';
import { CERT, KEY } from '../../../../test/httpClient/selfSigned.js';
import { waitFor } from '../../../../test/helpers.js';
import type { HttpClientRequest } from '../../../http/client/httpClient.js';
import { NodeHttpClient } from './nodeHttpClient.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A server on an ephemeral port, closed after the test. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Listening> {
  const server = await listen(handler);
  cleanups.push(() => server.close());
  return server;
}

/** A client with its own keep-alive agent, so tests never share connections. */
function client(agent = new Agent({ keepAlive: true })): NodeHttpClient {
  cleanups.push(() => {
    agent.destroy();
  });
  return new NodeHttpClient({ agent });
}

function post(url: string, body = '{}', signal = new AbortController().signal): HttpClientRequest {
  return {
    method: 'POST',
    url: new URL(url),
    headers: { 'Content-Type': 'application/json', 'Mcp-Method': 'ping' },
    body,
    signal,
  };
}

describe('NodeHttpClient', () => {
  it('sends method, headers and body, and reads a JSON reply whole', async () => {
    const seen: { method?: string; mcpMethod?: string; length?: string; body?: string } = {};
    const server = await serve((req, res) => {
      void readBody(req).then((body) => {
        Object.assign(seen, {
          method: req.method,
          mcpMethod: req.headers['mcp-method'],
          length: req.headers['content-length'],
          body: body.toString('utf8'),
        });
        res.setHeader('X-Multi', ['a', 'b']);
        res.writeHead(200, 'Fine', { 'Content-Type': 'application/json; charset=utf-8' }).end('{"text":"Grüße"}');
      });
    });
    const reply = await client().request(post(server.origin, '{"ask":"é"}'));
    expect([reply.status, reply.statusText, reply.url]).toEqual([200, 'Fine', `${server.origin}/`]);
    expect(reply.header('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.header('x-multi')).toBe('a, b');
    expect(reply.header('mcp-session-id')).toBeUndefined();
    expect(await reply.text()).toBe('{"text":"Grüße"}');
    expect(seen).toEqual({
      method: 'POST',
      mcpMethod: 'ping',
      length: String(Buffer.byteLength('{"ask":"é"}')),
      body: '{"ask":"é"}',
    });
  });

  it('pushes a chunked SSE body as text, never splitting a character', async () => {
    const e = Buffer.from('é');
    let rest: (() => void) | undefined;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'Text/Event-Stream; charset=utf-8' });
      res.write(Buffer.concat([Buffer.from('data: h'), e.subarray(0, 1)]));
      rest = () => res.end(Buffer.concat([e.subarray(1), Buffer.from('llo\n\n')]));
    });
    const reply = await client().request(post(server.origin));
    const chunks: string[] = [];
    await reply.read((text) => {
      chunks.push(text);
      if (chunks.length === 1) rest?.(); // the second half only once the first was read
    });
    expect(chunks.join('')).toBe('data: héllo\n\n');
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.some((c) => c.includes('\uFFFD'))).toBe(false);
  });

  it('reuses one keep-alive connection for requests in sequence, a 202 included', async () => {
    const ports: number[] = [];
    const server = await serve((req, res) => {
      ports.push(req.socket.remotePort ?? 0);
      if (req.headers['mcp-method'] === 'notifications/initialized') res.writeHead(202).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const http = client();
    const signal = new AbortController().signal; // shared, as a transport's close signal is
    for (let i = 0; i < 3; i++) await (await http.request(post(server.origin, '{}', signal))).text();
    const note = await http.request({
      ...post(server.origin, '{}', signal),
      headers: { 'Mcp-Method': 'notifications/initialized' },
    });
    expect(note.status).toBe(202);
    note.cancel(); // a body released unread
    await (await http.request(post(server.origin, '{}', signal))).text();
    expect(ports).toHaveLength(5);
    expect(new Set(ports).size).toBe(1);
    await waitFor(() => getEventListeners(signal, 'abort').length === 0, 1000, 'every abort listener to be removed');
  });

  it('drains a stream cancelled just before it ends, keeping the connection', async () => {
    const ports: number[] = [];
    const server = await serve((req, res) => {
      ports.push(req.socket.remotePort ?? 0);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"id":1}\n\n');
      setTimeout(() => res.end(), 30);
    });
    const agent = new Agent({ keepAlive: true });
    const http = client(agent);
    const reply = await http.request(post(server.origin));
    await reply.read(() => {
      reply.cancel(); // the answer is in: stop reading
    });
    // The server ends the stream; the drained connection goes back to the pool.
    await waitFor(() => Object.keys(agent.freeSockets).length === 1, 2000, 'the connection to be free');
    (await http.request(post(server.origin))).cancel();
    expect(ports).toHaveLength(2);
    expect(ports[1]).toBe(ports[0]);
  });

  it('aborts mid-stream: the read rejects with the reason and the server sees the hang-up', async () => {
    let hungUp = false;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      res.on('close', () => (hungUp = true));
    });
    const controller = new AbortController();
    const reason = new Error('stop');
    const reply = await client().request(post(server.origin, '{}', controller.signal));
    const read = reply.read(() => {
      controller.abort(reason);
    });
    await expect(read).rejects.toBe(reason);
    await waitFor(() => hungUp, 2000, 'the server to see the hang-up');
  });

  it('aborts before the reply: the request rejects with the reason, at once if already aborted', async () => {
    const server = await serve(() => undefined); // never answers
    const controller = new AbortController();
    const reason = new Error('gave up');
    const pending = client().request(post(server.origin, '{}', controller.signal));
    setTimeout(() => {
      controller.abort(reason);
    }, 20);
    await expect(pending).rejects.toBe(reason);
    await expect(client().request(post(server.origin, '{}', controller.signal))).rejects.toBe(reason);
  });

  it('rejects a read whose body the connection cut short, or whose consumer threw', async () => {
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":');
      setTimeout(() => req.socket.destroy(), 20);
    });
    await expect((await client().request(post(server.origin))).text()).rejects.toThrow();
    const sse = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: x\n\n');
    });
    const boom = new Error('consumer failed');
    const reply = await client().request(post(sse.origin));
    await expect(
      reply.read(() => {
        throw boom;
      }),
    ).rejects.toBe(boom);
  });

  it('follows redirects as fetch does: 307 keeps the POST, 303 becomes a GET, credentials stay on their origin', async () => {
    const seen: string[] = [];
    const target = await serve((req, res) => {
      seen.push(`${req.url ?? ''} ${req.method ?? ''} auth=${req.headers.authorization ?? '-'}`);
      res.writeHead(200).end();
    });
    const server = await serve((req, res) => {
      void readBody(req).then((body) => {
        seen.push(`${req.url ?? ''} ${req.method ?? ''} ${body.toString('utf8')} auth=${req.headers.authorization ?? '-'}`);
        if (req.url === '/keep') res.writeHead(307, { location: '/kept' }).end();
        else if (req.url === '/see') res.writeHead(303, { location: '/seen' }).end();
        else if (req.url === '/away')
          res.writeHead(308, { location: `${target.origin.replace('127.0.0.1', 'localhost')}/there` }).end();
        else res.writeHead(200).end();
      });
    });
    const http = client();
    const send = async (path: string): Promise<string> => {
      const reply = await http.request({ ...post(`${server.origin}${path}`, '{"x":1}'), headers: { authorization: 'Bearer t' } });
      reply.cancel();
      return reply.url;
    };
    expect(await send('/keep')).toBe(`${server.origin}/kept`);
    expect(await send('/see')).toBe(`${server.origin}/seen`);
    expect(await send('/away')).toMatch(/^http:\/\/localhost:\d+\/there$/);
    expect(seen).toEqual([
      '/keep POST {"x":1} auth=Bearer t',
      '/kept POST {"x":1} auth=Bearer t',
      '/see POST {"x":1} auth=Bearer t',
      '/seen GET  auth=Bearer t',
      '/away POST {"x":1} auth=Bearer t',
      '/there POST auth=-',
    ]);
  });

  it('sends a request again, once, when the keep-alive connection it reused was closed by the server', async () => {
    const perSocket = new Map<number, number>();
    let requests = 0;
    const server = await serve((req, res) => {
      requests++;
      const port = req.socket.remotePort ?? 0;
      const n = (perSocket.get(port) ?? 0) + 1;
      perSocket.set(port, n);
      if (n === 2)
        req.socket.destroy(); // as if its idle timeout had just expired
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const http = client();
    await (await http.request(post(server.origin))).text();
    const reply = await http.request(post(server.origin));
    expect(await reply.text()).toBe('{}');
    expect(requests).toBe(3);
    expect(perSocket.size).toBe(2);
  });

  it('rejects when nothing listens, and on a URL that is not HTTP', async () => {
    const closed = await listen(() => undefined);
    await closed.close();
    await expect(client().request(post(closed.origin))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(client().request(post('ftp://127.0.0.1/'))).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('speaks HTTPS, trusting a self-signed certificate only when told to', async () => {
    const server = createHttpsServer({ cert: CERT, key: KEY }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"secure":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => {
            resolve();
          });
        }),
    );
    const url = `https://localhost:${String((server.address() as AddressInfo).port)}/mcp`;
    const httpsAgent = new HttpsAgent({ keepAlive: true, ca: CERT });
    cleanups.push(() => {
      httpsAgent.destroy();
    });
    const reply = await new NodeHttpClient({ httpsAgent }).request(post(url));
    expect(await reply.text()).toBe('{"secure":true}');
    await expect(new NodeHttpClient().request(post(url))).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
  });
});
