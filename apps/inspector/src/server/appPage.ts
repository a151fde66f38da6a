/**
 * MCP Apps outside the inspector (for `mcpkit chat`): a local page that
 * frames an app from the sandbox origin and relays its bridge messages over
 * a WebSocket to this process, where mcpkit's bridge (`mcpkit/host/apps`)
 * answers them under the embedding application's decisions. The page and
 * its socket sit behind an unguessable path; the socket also checks Host
 * and Origin, so another page in the browser cannot drive the bridge.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { AppBridge, type AppBridgeOptions, type AppPort, type LoadedApp } from 'mcpkit/host/apps';
import { WebSocketServer, type WebSocket } from 'ws';
import { AppSandbox } from './appSandbox.js';

/** The bridge options an opened app gets, all but the port. */
export type AppSession = Omit<AppBridgeOptions, 'port'> & {
  /** Called once the bridge exists: deliver the tool's input and result here. */
  readonly started?: (bridge: AppBridge) => void;
};

interface Opened {
  readonly frameUrl: string;
  readonly session: AppSession;
  readonly nonce: string;
  connected: boolean;
}

const MAX_MESSAGE = 1024 * 1024;

function pageHtml(frameUrl: string, nonce: string, title: string): string {
  // The relay: frame ⇄ socket, nothing else. A second load of the frame means it navigated away: the relay stops.
  const script = `
(function () {
  var frame = document.getElementById('app');
  var ws = new WebSocket(location.href.replace(/^http/, 'ws').replace('/app/', '/ws/'));
  var loads = 0, open = true;
  function stop(why) { open = false; ws.close(); document.getElementById('state').textContent = why; }
  frame.addEventListener('load', function () { if (++loads > 1) stop('The app left its document: the bridge is closed.'); });
  window.addEventListener('message', function (e) {
    if (open && e.source === frame.contentWindow && ws.readyState === 1) ws.send(JSON.stringify(e.data));
  });
  ws.onmessage = function (e) { if (open) frame.contentWindow.postMessage(JSON.parse(e.data), '*'); };
  ws.onclose = function () { if (open) stop('The chat closed this app.'); };
  ws.onopen = function () { frame.src = ${JSON.stringify(frameUrl)}; };
})();`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{margin:0;font:14px system-ui,sans-serif}header{padding:6px 12px;background:#eee}iframe{border:0;width:100%;height:calc(100vh - 40px)}</style>
</head><body><header>MCP App from the chat: <span id="state">running</span></header>
<iframe id="app" title="App" sandbox="allow-scripts" referrerpolicy="no-referrer"></iframe>
<script nonce="${nonce}">${script}</script></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

/** The local page server. */
export class AppPage {
  readonly #server: Server;
  readonly #sandbox: AppSandbox;
  readonly #sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE });
  readonly #opened = new Map<string, Opened>();
  readonly #bridges = new Set<AppBridge>();
  #port = 0;

  private constructor(server: Server, sandbox: AppSandbox) {
    this.#server = server;
    this.#sandbox = sandbox;
  }

  /** Starts the page server and its sandbox origin on loopback. */
  static async start(): Promise<AppPage> {
    const sandbox = await AppSandbox.start('127.0.0.1');
    const page: AppPage = new AppPage(
      createServer((request, response) => {
        page.#page(request, response);
      }),
      sandbox,
    );
    page.#server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      page.#upgrade(request, socket, head);
    });
    await new Promise<void>((resolve, reject) => {
      page.#server.once('error', reject);
      page.#server.listen(0, '127.0.0.1', () => {
        resolve();
      });
    });
    page.#port = (page.#server.address() as AddressInfo).port;
    sandbox.allowAncestors([page.#origin]);
    return page;
  }

  get #origin(): string {
    return `http://127.0.0.1:${String(this.#port)}`;
  }

  /** Serves `app` on a new page; the bridge starts when the page connects. Returns the page's URL. */
  open(app: LoadedApp, session: AppSession): string {
    const token = randomBytes(24).toString('base64url');
    const frameUrl = this.#sandbox.add(app.html, app.meta.csp);
    this.#opened.set(token, { frameUrl, session, nonce: randomBytes(16).toString('base64'), connected: false });
    return `${this.#origin}/app/${token}`;
  }

  #tokenOf(url: string | undefined, prefix: string): Opened | undefined {
    const match = new RegExp(`^/${prefix}/([A-Za-z0-9_-]{32})$`).exec(new URL(url ?? '/', 'http://page').pathname);
    return match === null ? undefined : this.#opened.get(match[1] ?? '');
  }

  #page(request: IncomingMessage, response: ServerResponse): void {
    const opened = request.headers.host === `127.0.0.1:${String(this.#port)}` ? this.#tokenOf(request.url, 'app') : undefined;
    if (opened === undefined || request.method !== 'GET') {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('no such app');
      return;
    }
    const csp = [
      "default-src 'none'",
      `script-src 'nonce-${opened.nonce}'`,
      "style-src 'unsafe-inline'",
      `connect-src ws://127.0.0.1:${String(this.#port)}`,
      `frame-src ${this.#sandbox.origin}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; ');
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    response.end(pageHtml(opened.frameUrl, opened.nonce, escapeHtml(opened.session.tool.title ?? opened.session.tool.name)));
  }

  #upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const opened = this.#tokenOf(request.url, 'ws');
    const ok =
      opened !== undefined &&
      !opened.connected &&
      request.headers.host === `127.0.0.1:${String(this.#port)}` &&
      request.headers.origin === this.#origin;
    if (!ok) {
      socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    // One page per app: a second socket for the same token is refused.
    opened.connected = true;
    this.#sockets.handleUpgrade(request, socket, head, (ws) => {
      this.#attach(ws, opened.session);
    });
  }

  #attach(ws: WebSocket, session: AppSession): void {
    const port: AppPort = {
      post(message) {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
      },
      onMessage(listener) {
        const receive = (data: Buffer): void => {
          let message: unknown;
          try {
            message = JSON.parse(data.toString('utf8'));
          } catch {
            message = data.toString('utf8');
          }
          listener(message);
        };
        ws.on('message', receive);
        return () => ws.off('message', receive);
      },
    };
    const { started, ...options } = session;
    const bridge = new AppBridge({ ...options, port });
    this.#bridges.add(bridge);
    ws.on('close', () => {
      bridge.close();
      this.#bridges.delete(bridge);
    });
    ws.on('error', () => {
      ws.terminate();
    });
    started?.(bridge);
  }

  /** Tears every app down and stops serving. */
  async close(): Promise<void> {
    await Promise.all([...this.#bridges].map((b) => b.teardown(500)));
    for (const ws of this.#sockets.clients) ws.terminate();
    this.#sockets.close();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => {
      this.#server.close(() => {
        resolve();
      });
    });
    await this.#sandbox.close();
  }
}
