/**
 * HTTP+SSE (2024-11-05) sessions across processes, without sticky routing.
 * A session lives on the process holding its `GET /sse` stream, which holds a
 * lease on the session id (its process and principal) while the stream is
 * open. A `POST /messages?sessionId=…` that lands on another process is
 * checked there (the session exists, its principal matches, the body is
 * valid JSON-RPC), answered 202 at once, and sent over the bus to the
 * holder, whose server answers on the stream. An unknown session, or one
 * whose process stopped, is 404; a store that cannot be reached is 503.
 *
 * @module
 */
import { LocalError } from '../../../jsonrpc/localError.js';
import type { HttpExchange, HttpRequestInfo } from '../exchange.js';
import { HttpError } from '../httpError.js';
import { leaseNode, leaseToken, type MessageBus, type SharedLeases } from '../../../scaleout/index.js';
import { StreamLease } from './streamLease.js';

/** The headers a forwarded POST keeps (its credentials stay behind: `auth` carries what was verified). */
const KEPT_HEADERS = ['content-type', 'user-agent', 'x-forwarded-for', 'x-request-id', 'traceparent', 'tracestate'] as const;

/** An HTTP+SSE session as this module sees it. */
export interface SseTarget {
  /** Hands a message POSTed at another process to the server. */
  receiveRouted(message: object, auth: unknown, request: HttpRequestInfo): void;
}

/** What the module needs of the handler's scale-out side. */
export interface SseHost {
  readonly node: string;
  readonly leases: SharedLeases;
  readonly store: { readonly bus: MessageBus };
  alive(node: string): Promise<boolean>;
}

interface Forwarded {
  readonly s: string;
  readonly m: object;
  readonly auth?: unknown;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: Record<string, string>;
}

/** Where the POST for a session held elsewhere goes: its process, or why not. */
export type SseLocation = { readonly node: string } | HttpError;

const key = (session: string): string => `sse:${session}`;
const token = (principal: string | undefined): string => (principal === undefined ? '-' : `=${principal}`);

/** The HTTP+SSE side of one handler's scale-out. */
export class SharedSse {
  readonly #host: SseHost;
  readonly #find: (id: string) => SseTarget | undefined;
  #listening: Promise<void> | undefined;

  constructor(host: SseHost, find: (id: string) => SseTarget | undefined) {
    this.#host = host;
    this.#find = find;
  }

  /**
   * A stream opened here: claims the session id for this process (and starts
   * listening for messages forwarded to it). Resolves with the lease to
   * release when the stream closes; rejects if the store cannot be reached.
   */
  async open(session: string, principal: string | undefined, lost: () => void): Promise<StreamLease> {
    await this.#listen();
    const taken = await StreamLease.take(this.#host, key(session), token(principal));
    // A fresh random id is never held by anyone else; if it is, refuse rather than share it.
    if (!(taken instanceof StreamLease)) throw new LocalError('PROTOCOL_VIOLATION', 'HTTP+SSE session id already in use');
    taken.keep(lost);
    return taken;
  }

  /** The process holding session `id`'s stream, checked against the caller's principal. */
  async locate(id: string, principal: string | undefined): Promise<SseLocation> {
    let holder: string | undefined;
    try {
      holder = await this.#host.leases.holder(key(id));
      // A session opened without a principal accepts any (as on the process holding it).
      const owner = holder === undefined ? undefined : leaseToken(holder);
      if (holder === undefined || (owner !== '-' && owner !== token(principal))) return HttpError.sessionNotFound();
      const node = leaseNode(holder);
      // This process holds no such stream (it closed), or its process stopped: the session is gone.
      if (node === this.#host.node || !(await this.#host.alive(node))) return HttpError.sessionNotFound();
      return { node };
    } catch {
      return HttpError.unavailable('Service Unavailable: the shared session store cannot be reached');
    }
  }

  /** Sends a POSTed message to the process holding the stream; rejects if the bus cannot be reached. */
  async forward(node: string, id: string, message: object, exchange: HttpExchange): Promise<void> {
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = exchange.header(name);
      if (value !== undefined) headers[name] = value;
    }
    const forwarded: Forwarded = {
      s: id,
      m: message,
      ...(exchange.auth !== undefined && { auth: exchange.auth }),
      path: exchange.path,
      query: { sessionId: id },
      headers,
    };
    await this.#host.store.bus.publish(`sse:${node}`, JSON.stringify(forwarded));
  }

  #listen(): Promise<void> {
    this.#listening ??= this.#host.store.bus
      .subscribe(`sse:${this.#host.node}`, (raw) => {
        this.#received(raw);
      })
      .then(
        () => undefined,
        (error: unknown) => {
          this.#listening = undefined;
          throw error;
        },
      );
    return this.#listening;
  }

  #received(raw: string): void {
    let forwarded: Forwarded;
    try {
      forwarded = JSON.parse(raw) as Forwarded;
    } catch {
      return;
    }
    // The stream closed since the sender looked: the message has no one to answer it (as if the stream had dropped).
    const target = this.#find(forwarded.s);
    if (target === undefined || typeof forwarded.m !== 'object') return;
    const request: HttpRequestInfo = {
      method: 'POST',
      path: forwarded.path,
      query: (name) => forwarded.query[name],
      header: (name) => forwarded.headers[name.toLowerCase()],
    };
    target.receiveRouted(forwarded.m, forwarded.auth, request);
  }
}
