/**
 * A local web site for the fetch server's tests: routes answered by
 * handlers, every request recorded (path and user agent), on an ephemeral
 * port of 127.0.0.1.
 *
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Answers one route. */
export type Route = (req: IncomingMessage, res: ServerResponse) => void;

/** A request the site saw. */
export interface Seen {
  readonly path: string;
  readonly userAgent: string;
}

/** A running site. */
export interface Site {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  readonly port: number;
  /** Every request, in order. */
  readonly seen: Seen[];
  close(): Promise<void>;
}

/** Replies with a status, a content type and a body. */
export function reply(status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): Route {
  return (_req, res) => {
    res.writeHead(status, { 'Content-Type': type, ...headers });
    res.end(body);
  };
}

/** Starts a site; a path without a route is 404 (robots.txt included). */
export async function startSite(routes: Record<string, Route>): Promise<Site> {
  const seen: Seen[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', userAgent: req.headers['user-agent'] ?? '' });
    const route = routes[req.url ?? ''];
    if (route === undefined) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    } else route(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** An article page: navigation, a main article with a link, a list, code and a table, a footer. */
export const ARTICLE = `<!doctype html>
<html><head><title>Tides</title><meta charset="utf-8"></head>
<body>
<nav><a href="/">Home</a> | <a href="/about">About</a> | <a href="/contact">Contact</a></nav>
<main><article>
<h1>How tides work</h1>
<p>The Moon pulls the oceans toward it, and the Earth turning beneath that bulge gives most coasts two high tides a day. See <a href="/moon">the Moon page</a> for more.</p>
<p>Spring tides come when the Sun and the Moon line up, at new and full moon; neap tides come at the quarters, when they pull at right angles and partly cancel each other out.</p>
<h2>Kinds of tide</h2>
<ul><li>Semidiurnal: two highs a day</li><li>Diurnal: one high a day</li></ul>
<pre><code>height = mean + amplitude * cos(omega * t)</code></pre>
<table><tr><th>Place</th><th>Range (m)</th></tr><tr><td>Bay of Fundy</td><td>16</td></tr></table>
</article></main>
<footer>Copyright 2025 The Tide Society. All rights reserved.</footer>
</body></html>`;
