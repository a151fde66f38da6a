/**
 * The authorization handler of native apps (RFC 8252 §7.3): a listener on
 * 127.0.0.1 and a random port (the port of an earlier registration when it is
 * free, so the registration can be reused) receives the redirect; the URL is
 * printed and, where a browser exists, opened. Only the exact callback path
 * answers (anything else is a 404), and only with the authorization's `state`
 * (anything else is a 400 and the wait goes on). For a browser on another machine, a fixed
 * `port` can be forwarded to it (`ssh -L`), or the user pastes the URL the
 * browser was sent to (`readPasted`), checked as the callback is.
 *
 * @module
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthorizationError, type AuthorizationHandler } from '../../auth/index.js';
import { LocalError } from '../../jsonrpc/localError.js';
import { hasBrowser, openBrowser } from './openBrowser.js';
import { pastedRedirect } from './pastedRedirect.js';

/** Options of {@link LoopbackAuthorization}. */
export interface LoopbackAuthorizationOptions {
  /** Open the URL in a browser where one exists. Default true. */
  readonly openBrowser?: boolean;
  /** Shows the URL to the user (the command line prints it to stderr). */
  readonly onUrl?: (url: URL, opened: boolean) => void;
  /** How long to wait for the user. Default 5 minutes. */
  readonly timeoutMs?: number;
  /** The callback path. Default `/callback`. */
  readonly path?: string;
  /**
   * A fixed port to listen on (and to put in the redirect URI), so it can be
   * forwarded from another machine. A port in use fails the authorization:
   * another port would not be the one forwarded. Default: a random port.
   */
  readonly port?: number;
  /**
   * Reads a URL the user pastes instead of the callback arriving (after
   * `refused`, why the last one was refused); undefined when nothing more will
   * come. Whichever comes first completes the authorization, and `signal`
   * aborts the read once it is over. A pasted URL counts only with this
   * authorization's `state` at the redirect URI's origin and path.
   */
  readonly readPasted?: (signal: AbortSignal, refused?: string) => Promise<string | undefined>;
}

const PAGE = (ok: boolean): string =>
  `<!doctype html><meta charset="utf-8"><title>mcpkit</title><p>${
    ok ? 'Authorization received. You can close this window.' : 'Authorization failed; see the terminal.'
  }</p>`;

/** Receives the authorization redirect on 127.0.0.1. */
export class LoopbackAuthorization implements AuthorizationHandler {
  readonly #options: LoopbackAuthorizationOptions;
  readonly #path: string;
  #server: Server | undefined;
  #uri: string | undefined;
  #waiting: ((url: URL) => void) | undefined;
  /** The `state` of the authorization under way: a callback without it is refused, and the wait goes on. */
  #state: string | null = null;

  constructor(options: LoopbackAuthorizationOptions = {}) {
    this.#options = options;
    this.#path = options.path ?? '/callback';
  }

  async redirectUri(registered?: readonly string[]): Promise<string> {
    if (this.#uri !== undefined) return this.#uri;
    const fixed = this.#options.port;
    if (fixed !== undefined) {
      this.#server = await this.#listen(fixed).catch((error: unknown) => {
        throw new AuthorizationError(
          'not_configured',
          `Cannot listen for the authorization callback on 127.0.0.1:${String(fixed)}: ${(error as Error).message}`,
        );
      });
      this.#uri = `http://127.0.0.1:${String(fixed)}${this.#path}`;
      return this.#uri;
    }
    const preferred = registered?.map((u) => new URL(u)).find((u) => u.hostname === '127.0.0.1' && u.pathname === this.#path);
    let port = 0;
    if (preferred !== undefined && preferred.port !== '') port = Number(preferred.port);
    try {
      this.#server = await this.#listen(port);
    } catch {
      this.#server = await this.#listen(0);
    }
    const address = this.#server.address() as AddressInfo;
    this.#uri = `http://127.0.0.1:${address.port}${this.#path}`;
    return this.#uri;
  }

  async authorize(url: URL, options: { readonly signal?: AbortSignal | undefined }): Promise<URL> {
    if (this.#server === undefined) await this.redirectUri();
    const opened = this.#options.openBrowser !== false && hasBrowser() ? await openBrowser(url.href) : false;
    this.#options.onUrl?.(url, opened);
    const timeoutMs = this.#options.timeoutMs ?? 300_000;
    const pasting = new AbortController();
    this.#state = url.searchParams.get('state');
    try {
      const arrived = new Promise<URL>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new AuthorizationError('access_denied', `No authorization arrived within ${Math.round(timeoutMs / 1000)} s`));
        }, timeoutMs);
        const abort = (): void => {
          clearTimeout(timer);
          const reason: unknown = options.signal?.reason;
          reject(reason instanceof Error ? reason : new LocalError('CANCELLED', 'The authorization was cancelled'));
        };
        options.signal?.addEventListener('abort', abort, { once: true });
        this.#waiting = (returned) => {
          clearTimeout(timer);
          options.signal?.removeEventListener('abort', abort);
          resolve(returned);
        };
      });
      void this.#readPasted(url, pasting.signal);
      return await arrived;
    } finally {
      pasting.abort();
      this.#waiting = undefined;
      this.close();
    }
  }

  /** Offers each pasted URL as the callback, until one is accepted, input ends or the authorization is over. */
  async #readPasted(authorization: URL, signal: AbortSignal): Promise<void> {
    const read = this.#options.readPasted;
    if (read === undefined) return;
    let refused: string | undefined;
    for (;;) {
      const text = await read(signal, refused).catch(() => undefined);
      if (text === undefined || signal.aborted || this.#waiting === undefined || this.#uri === undefined) return;
      if (text.trim() === '') continue;
      const checked = pastedRedirect(text, this.#uri, authorization);
      if (checked instanceof URL) {
        this.#waiting(checked);
        return;
      }
      refused = checked.refused;
    }
  }

  /** Stops listening. */
  close(): void {
    this.#server?.close();
    this.#server?.closeAllConnections();
    this.#server = undefined;
    this.#uri = undefined;
  }

  #listen(port: number): Promise<Server> {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', `http://127.0.0.1`);
      if (req.method !== 'GET' || url.pathname !== this.#path || this.#waiting === undefined) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      // Another page in the browser can reach this port too: a request without the state is not the answer.
      if (this.#state !== null && url.searchParams.get('state') !== this.#state) {
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8', connection: 'close' }).end(PAGE(false));
        return;
      }
      const ok = url.searchParams.has('code') && !url.searchParams.has('error');
      res.writeHead(ok ? 200 : 400, { 'content-type': 'text/html; charset=utf-8', connection: 'close' }).end(PAGE(ok));
      const returned = new URL(`${this.#uri ?? ''}${url.search}`);
      this.#waiting(returned);
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve(server);
      });
    });
  }
}
