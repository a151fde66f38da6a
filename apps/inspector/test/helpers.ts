/**
 * What the inspector's tests share: the everything server as a stdio
 * command (the repository's own build), and a small WebSocket client that
 * speaks the inspector's channel.
 *
 * @module
 */
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { ServerMessage } from '../src/shared/channel.js';
import type { StdioServerConfig } from 'mcpkit/host/config';

/** The mcpkit CLI's executable in this repository. */
export const MCPKIT_BIN = fileURLToPath(new URL('../../../packages/mcpkit/bin/mcpkit.js', import.meta.url));

/** The everything server over stdio. */
export const EVERYTHING: StdioServerConfig & { era: string } = {
  type: 'stdio',
  name: 'everything',
  command: process.execPath,
  args: [MCPKIT_BIN, 'serve', 'everything'],
  env: {},
  era: 'auto',
};

/** A GET with chosen headers; resolves with the status and body. */
export function get(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Tries a WebSocket handshake; resolves with the refusal status, or 101 when it opened. */
export function handshake(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => {
      resolve(101);
      ws.close();
    });
    ws.on('error', () => undefined);
  });
}

/** The channel, as a test drives it. */
export class TestPeer {
  readonly pushes: ServerMessage[] = [];
  readonly #ws: WebSocket;
  readonly #waiters: { test: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  #next = 0;

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as ServerMessage;
      this.pushes.push(message);
      for (const w of [...this.#waiters]) {
        if (w.test(message)) {
          this.#waiters.splice(this.#waiters.indexOf(w), 1);
          w.resolve(message);
        }
      }
    });
  }

  static open(port: number, token: string): Promise<TestPeer> {
    const ws = new WebSocket(`ws://127.0.0.1:${String(port)}/api/ws?token=${token}`, {
      headers: { origin: `http://127.0.0.1:${String(port)}` },
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        resolve(new TestPeer(ws));
      });
      ws.once('error', reject);
    });
  }

  /** The first message (already received or to come) that passes `test`. */
  waitFor(test: (m: ServerMessage) => boolean): Promise<ServerMessage> {
    const seen = this.pushes.find(test);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve) => this.#waiters.push({ test, resolve }));
  }

  /** Sends a message; resolves with its reply. */
  async call(message: Record<string, unknown>): Promise<Extract<ServerMessage, { type: 'reply' }>> {
    const id = ++this.#next;
    this.#ws.send(JSON.stringify({ ...message, id }));
    return (await this.waitFor((m) => m.type === 'reply' && m.id === id)) as Extract<ServerMessage, { type: 'reply' }>;
  }

  sendRaw(text: string): void {
    this.#ws.send(text);
  }

  close(): void {
    this.#ws.close();
  }
}
