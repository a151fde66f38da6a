/**
 * The inspector's HTTP server: the page and its assets (built into
 * `dist/web` at build time; nothing comes from elsewhere), `GET /api/state`,
 * and the WebSocket at `/api/ws`. Every API request and the WebSocket
 * handshake pass the guard (token, Host, Origin) before anything else.
 *
 * @module
 */
import { access, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ServerMessage } from '../shared/channel.js';
import { check, tokenOf, type GuardOptions } from './guard.js';
import type { Hub } from './hub.js';

/**
 * Where the built front end may be, in order: this package's `dist/web` (this
 * module runs from `dist/server`, or from `src/server` in tests), and `web`
 * beside the chunks of mcpkit's CLI bundle (`dist/cli/chunks/*.js`, where the
 * `mcpkit inspect` of an installed mcpkit runs this code; the bundle script
 * copies the front end to `dist/cli/web`).
 */
const WEB_DIRS = [new URL('../../dist/web/', import.meta.url), new URL('../web/', import.meta.url)];

let webDir: Promise<URL | undefined> | undefined;

/** The first of {@link WEB_DIRS} with an `index.html` (looked up once). */
function findWebDir(): Promise<URL | undefined> {
  webDir ??= (async () => {
    for (const dir of WEB_DIRS) {
      const found = await access(new URL('index.html', dir)).then(
        () => true,
        () => false,
      );
      if (found) return dir;
    }
    return undefined;
  })();
  return webDir;
}

const ASSETS: Readonly<Record<string, string>> = {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/assets/app.js': 'app.js',
  '/assets/app.css': 'app.css',
};

const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/**
 * The page may load only its own assets and talk only to this server; media
 * shown from results are data: or blob: URLs; frames only from the app
 * sandbox's origin (another port: cross-origin to this page).
 */
function pageCsp(frameOrigin: string | undefined): string {
  return [...CSP, `frame-src ${frameOrigin ?? "'none'"}`].join('; ');
}

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function verdictFor(guard: GuardOptions, request: IncomingMessage, needsToken: boolean): ReturnType<typeof check> {
  const url = new URL(request.url ?? '/', 'http://inspector');
  return check(
    guard,
    {
      host: header(request, 'host'),
      origin: header(request, 'origin'),
      token: tokenOf(url, header(request, 'x-mcpkit-inspector-token')),
    },
    needsToken,
  );
}

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: message }));
}

async function serveAsset(response: ServerResponse, file: string, csp: string): Promise<void> {
  const dir = await findWebDir();
  let body: Buffer;
  try {
    if (dir === undefined) throw new Error('no front end');
    body = await readFile(new URL(file, dir));
  } catch {
    refuse(response, 500, "the inspector's front end is not built: run `npm run build` at the repository root");
    return;
  }
  const ext = file.slice(file.lastIndexOf('.') + 1);
  response.writeHead(200, {
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  response.end(body);
}

/** Creates the server (not yet listening); `guard.port` must be set before requests arrive. */
export function createInspectorServer(hub: Hub, guard: () => GuardOptions, frameOrigin?: string): Server {
  const csp = pageCsp(frameOrigin);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://inspector').pathname;
    const isApi = path.startsWith('/api/');
    const verdict = verdictFor(guard(), request, isApi);
    if (!verdict.ok) {
      refuse(response, verdict.status, verdict.message);
      return;
    }
    if (request.method !== 'GET') {
      refuse(response, 405, 'only GET is served; the API is the WebSocket at /api/ws');
      return;
    }
    if (path === '/api/state') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ connections: hub.connections.map((c) => c.info()) }));
      return;
    }
    const asset = ASSETS[path];
    if (asset === undefined) {
      refuse(response, 404, `nothing at ${path}`);
      return;
    }
    void serveAsset(response, asset, csp);
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://inspector').pathname;
    const verdict =
      path === '/api/ws'
        ? verdictFor(guard(), request, true)
        : ({ ok: false, status: 400, message: 'no WebSocket here' } as const);
    if (!verdict.ok) {
      const body = JSON.stringify({ error: verdict.message });
      socket.end(
        `HTTP/1.1 ${String(verdict.status)} ${verdict.status === 401 ? 'Unauthorized' : verdict.status === 403 ? 'Forbidden' : 'Bad Request'}\r\n` +
          `content-type: application/json\r\ncontent-length: ${String(Buffer.byteLength(body))}\r\nconnection: close\r\n\r\n${body}`,
      );
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      attach(hub, ws);
    });
  });
  server.on('close', () => {
    sockets.close();
  });
  return server;
}

/** Joins a WebSocket to the hub: its messages go in, the hub's pushes come out. */
function attach(hub: Hub, ws: WebSocket): void {
  const peer = {
    send(message: ServerMessage): void {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    },
  };
  const leave = hub.join(peer);
  ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    void hub.handle(peer, text);
  });
  ws.on('close', leave);
  ws.on('error', () => {
    ws.terminate();
  });
}
