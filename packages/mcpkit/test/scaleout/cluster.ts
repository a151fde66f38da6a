/**
 * The scale-out test bed: a Redis server of its own (persistence off, a free
 * port), N processes of `fixtures/node.mjs` sharing it, and a small
 * round-robin proxy in front (no stickiness; a backend that refuses the
 * connection is skipped, as a load balancer would).
 *
 * @module
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Whether `redis-server` can be run here (the tests that need it skip, saying so, when not). */
export const HAVE_REDIS: boolean = spawnSync('redis-server', ['--version']).status === 0;

/** A free TCP port. */
export async function freePort(): Promise<number> {
  const server = createNetServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** A Redis server run by the test. */
export class RedisServer {
  readonly port: number;
  #child: ChildProcess | undefined;

  private constructor(port: number) {
    this.port = port;
  }

  get url(): string {
    return `redis://127.0.0.1:${String(this.port)}`;
  }

  static async start(port?: number): Promise<RedisServer> {
    const redis = new RedisServer(port ?? (await freePort()));
    await redis.restart();
    return redis;
  }

  /** Starts it (again) on its port. */
  async restart(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    this.#child = child;
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    for await (const line of lines) if (line.includes('Ready to accept connections')) break;
    child.stdout.resume();
  }

  /** Stops it (SIGKILL: nothing is saved anyway). */
  async stop(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    if (child === undefined || child.exitCode !== null) return;
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
}

/** One server process. */
export interface Backend {
  readonly url: string;
  readonly pid: number;
  readonly child: ChildProcess;
}

/** Starts one process of the fixture server against `redisUrl`. */
export async function startBackend(redisUrl: string, extra: readonly string[] = []): Promise<Backend> {
  const child = spawn(process.execPath, [join(here, 'fixtures', 'node.mjs'), '--redis', redisUrl, ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    const { url, pid } = JSON.parse(line) as { url: string; pid: number };
    child.stdout.resume();
    return { url, pid, child };
  }
  throw new Error(`backend exited with ${String(child.exitCode)} before listening`);
}

/** Ends a backend (SIGKILL by default: the fault). */
export async function stopBackend(backend: Backend, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (backend.child.exitCode !== null || backend.child.signalCode !== null) return;
  backend.child.kill(signal);
  await once(backend.child, 'exit');
}

/** A round-robin reverse proxy. */
export interface Proxy {
  readonly url: string;
  /** Requests each backend received. */
  readonly hits: number[];
  close(): Promise<void>;
}

/** Proxies to `backends` in turn, streaming both ways; a refused connection moves on to the next backend. */
export async function roundRobin(backends: readonly Backend[]): Promise<Proxy> {
  const hits = backends.map(() => 0);
  let next = 0;
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, tries: number): void => {
    const i = next++ % backends.length;
    const target = new URL((backends[i] as Backend).url);
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        hits[i] = (hits[i] ?? 0) + 1;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
        answer.on('aborted', () => res.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) res.destroy();
      else if (error.code === 'ECONNREFUSED' && tries < backends.length) forward(req, res, body, tries + 1);
      else res.writeHead(502).end();
    });
    res.on('close', () => upstream.destroy());
    upstream.end(body);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      forward(req, res, Buffer.concat(chunks), 1);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/mcp`,
    hits,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
