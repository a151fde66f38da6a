/**
 * A handshake-era session over Streamable HTTP: the transport its
 * `ServerSession` talks through. Each outgoing message goes to exactly one
 * stream: a response (or anything sent on behalf of a request) to the stream
 * of the POST that carried the request, everything else to the standalone GET
 * stream. Session ids, event ids and streams never leave this module and the
 * streams it owns.
 *
 * @module
 */
import { encode } from '../../jsonrpc/codec.js';
import { LocalError } from '../../jsonrpc/localError.js';
import type { JsonRpcPayload, RequestId } from '../../jsonrpc/message.js';
import type { MessageInfo, NetworkKind, SendOptions, Transport, TransportSink } from '../../jsonrpc/transport.js';
import type { EventStore } from './eventStore.js';
import type { HeaderMap } from '../wire/headers.js';
import type { HttpExchange } from './exchange.js';
import { HttpError } from './httpError.js';
import { RequestView } from './requestView.js';
import type { KeepAlive } from './keepAlive.js';
import { eventId, parseEventId, SessionStream, type StreamStorage } from './sessionStream.js';
import { messageEvent, SSE_HEADERS } from '../wire/sse.js';
import type { AnsweringSession } from './sessionServer.js';

/** What a session shares with its handler. */
export interface SessionDeps {
  readonly store: EventStore;
  readonly keepAlive: KeepAlive;
  readonly retryMs: number;
}

const RESOLVED = Promise.resolve();

function responseIds(payload: JsonRpcPayload): RequestId[] {
  const messages = Array.isArray(payload) ? payload : [payload];
  const ids: RequestId[] = [];
  for (const m of messages as readonly Record<string, unknown>[]) {
    const id = m['id'];
    if (!('method' in m) && (typeof id === 'string' || typeof id === 'number')) ids.push(id);
  }
  return ids;
}

/** One session: a transport for the server, streams for the client. */
export class HttpSession implements Transport, StreamStorage {
  /** How the messages travel (telemetry). */
  readonly network: NetworkKind = { transport: 'tcp', protocol: 'http' };
  /** The session id (`Mcp-Session-Id`). */
  readonly id: string;
  /** Who opened the session (the server's principal of its auth); later requests must match. */
  readonly principal: string | undefined;
  /** The server side, once connected. */
  server: AnsweringSession | undefined;
  /** The id of the `initialize` request that opened the session, until it is answered. */
  initializing: RequestId | undefined;
  /** When the session last saw activity (ms since the epoch). */
  lastActive: number = Date.now();
  readonly store: EventStore;
  readonly keepAlive: KeepAlive;
  readonly retryMs: number;
  // The streams of POSTs still open, and which stream answers each request in flight. Created on use and
  // dropped when empty: a server keeps thousands of idle sessions, and an emptied Map keeps its table.
  #streams: Map<number, SessionStream> | undefined;
  #byRequest: Map<RequestId, SessionStream> | undefined;
  #standalone: SessionStream | undefined;
  #sink: TransportSink | undefined;
  #nextNo = 1;
  #closed = false;

  constructor(id: string, principal: string | undefined, deps: SessionDeps) {
    this.id = id;
    this.principal = principal;
    this.store = deps.store;
    this.keepAlive = deps.keepAlive;
    this.retryMs = deps.retryMs;
  }

  get priming(): boolean {
    const revision = this.server?.revision;
    return revision !== undefined && revision >= '2025-11-25';
  }

  /** True while a client connection is open on any stream (a session in use is never idle). */
  get busy(): boolean {
    if (this.#standalone?.connected === true) return true;
    if (this.#streams !== undefined) for (const stream of this.#streams.values()) if (stream.connected) return true;
    return false;
  }

  get closed(): boolean {
    return this.#closed;
  }

  key(no: number): string {
    return `${this.id}/${no}`;
  }

  touch(): void {
    this.lastActive = Date.now();
  }

  finished(stream: SessionStream): void {
    const streams = this.#streams;
    if (streams?.delete(stream.no) === true && streams.size === 0) this.#streams = undefined;
  }

  // Transport (the server's side)

  start(sink: TransportSink): Promise<void> {
    this.#sink = sink;
    return RESOLVED;
  }

  send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    if (this.#closed) return Promise.reject(new LocalError('CONNECTION_CLOSED', 'Session closed'));
    let data: string;
    try {
      data = encode(payload);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new LocalError('INVALID_ARGUMENT', String(error)));
    }
    const completes = responseIds(payload);
    let stream: SessionStream | undefined;
    if (completes.length > 0) {
      stream = this.#byRequest?.get(completes[0] as RequestId);
      this.#forget(completes);
      if (stream === undefined) return RESOLVED;
    } else {
      const related = options?.relatedRequestId;
      stream = related === undefined ? undefined : this.#byRequest?.get(related);
      if (stream === undefined) return this.sendStandalone(data);
    }
    stream.push(data, completes);
    if (this.initializing !== undefined && completes.includes(this.initializing)) {
      this.initializing = undefined;
      // A failed initialize leaves nothing to keep: the client must start over.
      if ('error' in payload) queueMicrotask(() => void this.close());
    }
    return RESOLVED;
  }

  /** Sends a message that answers no request on this process's streams: on the standalone GET stream. */
  protected sendStandalone(data: string): Promise<void> {
    const standalone = this.#standalone;
    if (standalone === undefined)
      return Promise.reject(
        new LocalError('TRANSPORT_FAILED', 'No stream to the client is open: it has not opened the GET stream'),
      );
    standalone.push(data, []);
    return RESOLVED;
  }

  /** The wire id of event `seq` of stream `no`. */
  eventId(no: number, seq: number): string {
    return eventId(no, seq);
  }

  /** Hands a message to the server side as if the client had posted it here (scale-out routing). */
  deliver(message: object): void {
    this.#sink?.receive(message);
  }

  /** True if a stream of this process answers request `id`. */
  answers(id: RequestId): boolean {
    return this.#byRequest?.has(id) === true;
  }

  /** Ends the session for good (DELETE); only a shared session has more to do than close. */
  end(): Promise<void> {
    return this.close();
  }

  /** Closes the session here; waiting POSTs get `error` (default 404: the session is gone). */
  close(error?: HttpError): Promise<void> {
    if (this.#closed) return RESOLVED;
    this.#closed = true;
    const streams = this.#streams;
    this.#streams = undefined;
    this.#byRequest = undefined;
    if (streams !== undefined) for (const stream of streams.values()) stream.close(error);
    this.#standalone?.close(error);
    for (let no = 0; no < this.#nextNo; no++) logged(this.store.drop(this.key(no)));
    this.#sink?.closed();
    return RESOLVED;
  }

  // The client's side

  /** Takes a POSTed message (or batch); `requests` are the ids of its requests, answered on `exchange`. */
  post(exchange: HttpExchange, message: object, requests: readonly RequestId[], headers?: HeaderMap): HttpError | undefined {
    this.touch();
    const byRequest = this.#byRequest;
    if (byRequest !== undefined && requests.some((id) => byRequest.has(id)))
      return HttpError.badRequest('Invalid request: a request with this id is already in flight');
    let poll: (() => void) | undefined;
    if (requests.length > 0) {
      const stream = new SessionStream(this, this.#nextNo++, requests, exchange, headers);
      (this.#streams ??= new Map()).set(stream.no, stream);
      const answering = (this.#byRequest ??= new Map());
      for (const id of requests) answering.set(id, stream);
      poll = () => {
        if (this.priming) stream.disconnect();
      };
    }
    const info: MessageInfo = { auth: exchange.auth, transport: new RequestView(exchange, this.id, poll) };
    this.#sink?.receive(message, info);
    for (const id of cancelledIds(message)) {
      const stream = this.#byRequest?.get(id);
      this.#forget([id]);
      stream?.abandon(id);
    }
    return undefined;
  }

  /** A GET: the standalone stream, or the resumption of any stream after `lastEventId`. */
  async get(exchange: HttpExchange, lastEventId: string | undefined): Promise<HttpError | undefined> {
    this.touch();
    if (lastEventId === undefined) {
      const standalone = (this.#standalone ??= new SessionStream(this, 0, [], undefined));
      if (standalone.connected) return HttpError.conflict('Conflict: this session already has a GET stream open');
      standalone.attach(exchange);
      return undefined;
    }
    const parsed = parseEventId(lastEventId);
    if (parsed === undefined || parsed.no >= this.#nextNo)
      return HttpError.badRequest('Last-Event-ID names no stream of this session');
    const live = this.localStream(parsed.no);
    if (live !== undefined) {
      if (live.replaying) return HttpError.conflict('Conflict: this stream is already being resumed');
      await live.resume(exchange, parsed.seq);
      return undefined;
    }
    // A finished stream: replay what is kept (its final response, typically), then end.
    const events = await this.store.after(this.key(parsed.no), parsed.seq);
    const writer = exchange.stream(200, SSE_HEADERS);
    for (const e of events) writer.write(messageEvent(e.data, eventId(parsed.no, e.seq)));
    writer.end();
    return undefined;
  }

  /** Stream `no` if it is still open on this process. */
  protected localStream(no: number): SessionStream | undefined {
    return no === 0 ? this.#standalone : this.#streams?.get(no);
  }

  /** Forgets which streams answer `ids` (answered or cancelled). */
  #forget(ids: readonly RequestId[]): void {
    const byRequest = this.#byRequest;
    if (byRequest === undefined) return;
    for (const id of ids) byRequest.delete(id);
    if (byRequest.size === 0) this.#byRequest = undefined;
  }

  /**
   * Closes the client connection carrying request `id`'s answer, without ending
   * its stream (polling). Only 2025-11-25 sessions, whose streams start with a
   * priming event id, can resume; false for others or for unknown requests.
   */
  disconnect(id: RequestId): boolean {
    const stream = this.#byRequest?.get(id);
    if (stream === undefined || !this.priming) return false;
    stream.disconnect();
    return true;
  }
}

/** The request ids a POSTed message (or batch) cancels with `notifications/cancelled`. */
function cancelledIds(message: object): RequestId[] {
  const ids: RequestId[] = [];
  for (const m of (Array.isArray(message) ? message : [message]) as readonly Record<string, unknown>[]) {
    if (m['method'] !== 'notifications/cancelled' || typeof m['params'] !== 'object' || m['params'] === null) continue;
    const id = (m['params'] as Record<string, unknown>)['requestId'];
    if (typeof id === 'string' || typeof id === 'number') ids.push(id);
  }
  return ids;
}

function logged(result: void | Promise<void>): void {
  if (result instanceof Promise) result.catch(() => undefined);
}
