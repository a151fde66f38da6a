/**
 * A small round-robin reverse proxy for the scale-out benchmark: no
 * stickiness, requests streamed both ways, keep-alive to the backends.
 */
import { once } from 'node:events';
import { Agent, createServer, request } from 'node:http';

/** Proxies to the backend URLs in turn; resolves with `{ url, close }`. */
export async function roundRobin(urls) {
  const targets = urls.map((u) => new URL(u));
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  // Bodies are small: buffered, so a request whose pooled connection the backend had just closed is sent again.
  const forward = (req, res, body, retried) => {
    const target = targets[next++ % targets.length];
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        agent,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) res.destroy();
      else if (!retried) forward(req, res, body, true);
      else res.writeHead(502).end();
    });
    res.on('close', () => upstream.destroy());
    upstream.end(body);
  };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), false));
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${server.address().port}/mcp`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      agent.destroy();
    },
  };
}
