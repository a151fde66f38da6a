/**
 * A recording HTTP proxy for the CLI tests: forwards every request to an MCP
 * endpoint and keeps the headers it saw, so a test can check what the CLI sent.
 *
 * @module
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/** A running proxy. */
export interface RecordingProxy {
  readonly url: string;
  /** The headers of every request, in order. */
  readonly seen: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/** Starts a proxy to `target` on a free port. */
export async function recordingProxy(target: string): Promise<RecordingProxy> {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && k !== 'host' && k !== 'connection') headers.set(k, v);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(target, { method: req.method ?? 'GET', headers, ...(body !== undefined && { body }) })
        .then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          if (response.body !== null) for await (const chunk of response.body) res.write(chunk);
          res.end();
        })
        .catch(() => {
          res.writeHead(502).end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${String(port)}/mcp`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
