/**
 * The origin app frames come from: a second HTTP server on another loopback
 * port, so an app is cross-origin to the inspector's page (it cannot read the
 * page, its token, or call its API with the page's credentials). Each app
 * document is served under an unguessable path with the CSP its resource
 * declared (nothing outside the document by default), a CSP `sandbox`
 * (an opaque origin even when opened directly), and `frame-ancestors`
 * limited to the inspector's page.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appContentSecurityPolicy } from 'mcpkit/host/apps';

interface Document {
  readonly html: string;
  readonly csp: string;
}

/** App documents kept at once; the oldest go first. */
const KEPT = 64;

/** The sandbox origin's server. */
export class AppSandbox {
  readonly #documents = new Map<string, Document>();
  readonly #server: Server;
  #port = 0;
  #ancestors = "'none'";

  private constructor(server: Server) {
    this.#server = server;
  }

  /** Starts it on `host`, a free port. */
  static async start(host: string): Promise<AppSandbox> {
    const sandbox = new AppSandbox(
      createServer((request, response) => {
        sandbox.#serve(request.method, request.headers.host, request.url, response);
      }),
    );
    await new Promise<void>((resolve, reject) => {
      sandbox.#server.once('error', reject);
      sandbox.#server.listen(0, host, () => {
        resolve();
      });
    });
    sandbox.#port = (sandbox.#server.address() as AddressInfo).port;
    return sandbox;
  }

  /** Its origin, as the inspector's page frames it. */
  get origin(): string {
    return `http://127.0.0.1:${String(this.#port)}`;
  }

  /** The origins allowed to frame apps: the inspector's page. */
  allowAncestors(origins: readonly string[]): void {
    this.#ancestors = origins.join(' ');
  }

  /** Serves `html` with the CSP of `cspMeta` (the resource's `_meta.ui.csp`); returns its URL. */
  add(html: string, cspMeta: unknown): string {
    const id = randomBytes(24).toString('base64url');
    this.#documents.set(id, { html, csp: appContentSecurityPolicy(cspMeta) });
    while (this.#documents.size > KEPT) this.#documents.delete(this.#documents.keys().next().value as string);
    return `${this.origin}/app/${id}`;
  }

  #serve(method: string | undefined, host: string | undefined, url: string | undefined, response: ServerResponse): void {
    const refuse = (status: number, text: string): void => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
      response.end(text);
    };
    // A page elsewhere that rebinds a name to 127.0.0.1 sends its own Host: refused.
    if (host !== `127.0.0.1:${String(this.#port)}` && host !== `localhost:${String(this.#port)}`) {
      refuse(403, 'wrong Host');
      return;
    }
    if (method !== 'GET') {
      refuse(405, 'only GET');
      return;
    }
    const match = /^\/app\/([A-Za-z0-9_-]{32})$/.exec(new URL(url ?? '/', 'http://sandbox').pathname);
    const document = match === null ? undefined : this.#documents.get(match[1] ?? '');
    if (document === undefined) {
      refuse(404, 'no such app');
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `${document.csp}; sandbox allow-scripts; frame-ancestors ${this.#ancestors}`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-store',
    });
    response.end(document.html);
  }

  /** Stops serving. */
  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => {
      this.#server.close(() => {
        resolve();
      });
    });
  }
}
