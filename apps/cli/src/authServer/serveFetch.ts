/**
 * Serves a fetch-API handler on `node:http`: the dev authorization server's
 * adapter. Each request becomes a web `Request` (bodies up to 64 KiB, which
 * is plenty for OAuth forms and registrations) and the `Response` is written
 * back. Performance does not matter here; simplicity does.
 *
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const MAX_BODY = 64 * 1024;

/** A listening server. */
export interface FetchServer {
  readonly server: Server;
  /** `http://host:port`. */
  readonly origin: string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function handle(
  fetcher: (request: Request) => Promise<Response>,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
  if (body === undefined && method !== 'GET' && method !== 'HEAD') {
    res.writeHead(413).end();
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const request = new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(body !== undefined && { body: new Uint8Array(body) }),
  });
  const response = await fetcher(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()));
}

/** Listens on `host:port` (0: any free port) and serves every request with `fetcher`, once it is known from the origin. */
export async function serveFetch(
  makeFetcher: (origin: string) => Promise<(request: Request) => Promise<Response>>,
  port: number,
  host: string,
): Promise<FetchServer> {
  let fetcher: ((request: Request) => Promise<Response>) | undefined;
  let origin = '';
  const server = createServer((req, res) => {
    if (fetcher === undefined) {
      res.writeHead(503).end();
      return;
    }
    handle(fetcher, origin, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  origin = `http://${urlHost}:${String(address.port)}`;
  try {
    fetcher = await makeFetcher(origin);
  } catch (error) {
    server.close();
    throw error;
  }
  return {
    server,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
