/**
 * The client side of Streamable HTTP, for both eras.
 *
 * Every message is its own POST; the response is JSON, an SSE stream, or 202.
 * What era a message belongs to is read from the message itself:
 *
 * - A message whose `_meta` names a revision (2026-07-28) is stateless:
 *   `MCP-Protocol-Version` is that revision, `Mcp-Method`/`Mcp-Name`/
 *   `Mcp-Param-*` mirror the body, there is no session and no resumption, and
 *   cancelling means closing the response stream.
 * - Anything else is handshake era: the session id the server gave with the
 *   `InitializeResult`, the negotiated revision, a `GET` stream for
 *   server-initiated messages, resumption of dropped streams, transparent
 *   re-initialization when the session expires, and `DELETE` on close. When the
 *   `initialize` POST fails the way an old HTTP+SSE server fails, the transport
 *   switches to that transport underneath.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx`
 * @see 2025-11-25 `basic/transports.mdx#streamable-http`
 * @module
 */
import { encode } from '../../jsonrpc/codec.js';
import { LocalError } from '../../jsonrpc/localError.js';
import { isRequest, type JsonRpcMessage, type JsonRpcPayload } from '../../jsonrpc/message.js';
import type { Frame, NetworkKind, SendOptions, Transport, TransportSink } from '../../jsonrpc/transport.js';
import { ExchangeTable, routeCancellation, type Exchange } from './exchangeTable.js';
import { toFrame } from './frames.js';
import { isOk, mediaType, type HttpReply } from './httpClient.js';
import { HttpTransportError, readErrorBody, statusError, type ErrorBody } from './transportError.js';
import { postHeaders } from './postHeaders.js';
import { reconnectPolicy, type ReconnectOptions, type ReconnectPolicy } from './reconnect.js';
import { reinitialize } from './reinitialize.js';
import { discard, httpContext, send, type HttpTransportOptions, type HttpContext } from './send.js';
import { ServerStream } from './serverStream.js';
import { endSession, HandshakeSession } from './handshakeSession.js';
import type { SseClientTransport } from './sseClientTransport.js';
import { openSseFallback } from './sseFallback.js';
import { followStream } from './sseStream.js';
import { relearnHeaders } from './toolRefresh.js';
import { KnownToolHeaders } from './knownToolHeaders.js';
import { Header, MediaType } from '../wire/headers.js';
import { statelessRevision } from '../wire/meta.js';

/** How to reach a Streamable HTTP server. */
export interface StreamableHttpClientTransportOptions extends HttpTransportOptions {
  /** The MCP endpoint. */
  readonly url: string | URL;
  /** How dropped SSE streams are resumed (handshake era). */
  readonly reconnect?: ReconnectOptions;
  /** A handshake-era session to continue (sent from the first request on). */
  readonly sessionId?: string;
  /** Switch to the 2024-11-05 HTTP+SSE transport when `initialize` fails as on such a server (default true). */
  readonly fallbackToSse?: boolean;
  /**
   * When the server answers 404 to the session id (it restarted, or ended the
   * session), start a new session and send the request again (default true).
   * Off, the 404 rejects the request with an `HttpTransportError` of status 404.
   */
  readonly reinitialize?: boolean;
  /** Problems with no caller to report to: a tool left out of `tools/list`, a server stream that gave up. */
  readonly onWarning?: (message: string) => void;
}

/** The server's words in an error body, whether or not they answer the request. */
function errorDetail(body: ErrorBody): string | undefined {
  return body.kind === 'none' ? body.detail : body.responses[0]?.error.message;
}

/** Re-initializations allowed within `REINIT_WINDOW_MS`. */
const REINIT_BUDGET = 3;
const REINIT_WINDOW_MS = 60_000;

const FALLBACK_STATUSES: ReadonlySet<number> = new Set([400, 404, 405]);

/** A Streamable HTTP client transport (both eras), with HTTP+SSE fallback. */
export class StreamableHttpClientTransport implements Transport {
  /** How the messages travel (telemetry). */
  readonly network: NetworkKind = { transport: 'tcp', protocol: 'http' };
  readonly #url: URL;
  readonly #context: HttpContext;
  readonly #policy: ReconnectPolicy;
  readonly #fallback: boolean;
  readonly #reinitialize: boolean;
  readonly #warn: (message: string) => void;
  readonly #session: HandshakeSession;
  readonly #tools: KnownToolHeaders;
  readonly #exchanges = new ExchangeTable();
  readonly #closer = new AbortController();
  readonly #server: ServerStream;
  #sink: TransportSink | undefined;
  #ended = false;
  #statelessVersion: string | undefined;
  #reinit: Promise<void> | undefined;
  /** When the recent re-initializations started (ms since the epoch). */
  #reinits: number[] = [];
  #httpSse: SseClientTransport | undefined;

  constructor(options: StreamableHttpClientTransportOptions) {
    this.#url = new URL(options.url);
    this.#context = httpContext(options);
    this.#policy = reconnectPolicy(options.reconnect);
    this.#fallback = options.fallbackToSse ?? true;
    this.#reinitialize = options.reinitialize ?? true;
    this.#warn = options.onWarning ?? (() => undefined);
    this.#session = new HandshakeSession(options.sessionId);
    this.#tools = new KnownToolHeaders(this.#warn);
    this.#server = new ServerStream({
      context: this.#context,
      url: this.#url,
      policy: this.#policy,
      session: this.#session,
      signal: this.#closer.signal,
      receive: (text) => {
        this.#receive(toFrame(text));
      },
      expired: (sessionId) =>
        this.#reinitialize
          ? this.#recover(sessionId)
          : Promise.reject(new LocalError('TRANSPORT_FAILED', 're-initialization is off (reinitialize: false)')),
      warn: this.#warn,
    });
  }

  /** The handshake-era session id, once the server assigned one. */
  get sessionId(): string | undefined {
    return this.#session.id;
  }

  /** Which wire protocol is in use: Streamable HTTP, or the 2024-11-05 HTTP+SSE transport after a fallback. */
  get protocol(): 'streamable-http' | 'http+sse' {
    return this.#httpSse === undefined ? 'streamable-http' : 'http+sse';
  }

  /** Nothing to open: HTTP is driven by the messages sent. */
  start(sink: TransportSink): Promise<void> {
    if (this.#sink !== undefined) return Promise.reject(new LocalError('INVALID_ARGUMENT', 'Transport already started'));
    this.#sink = sink;
    return Promise.resolve();
  }

  /**
   * POSTs one message and delivers what comes back. For a request, resolves
   * once its response has been delivered (a long-lived `subscriptions/listen`
   * stays pending while its stream is open), and rejects with
   * `HttpTransportError` if the exchange failed without a JSON-RPC answer.
   * `relatedRequestId` needs no routing here: every message is its own POST.
   */
  send(payload: JsonRpcPayload, _options?: SendOptions): Promise<void> {
    if (this.#sink === undefined || this.#ended) {
      return Promise.reject(new LocalError('CONNECTION_CLOSED', this.#ended ? 'Transport closed' : 'Transport not started'));
    }
    if (this.#httpSse !== undefined) return this.#httpSse.send(payload);
    const messages: readonly JsonRpcMessage[] = Array.isArray(payload) ? payload : [payload as JsonRpcMessage];
    const single = messages.length === 1 ? messages[0] : undefined;
    const statelessConnection = this.#session.version === undefined && this.#statelessVersion !== undefined;
    const cancelled = single === undefined ? undefined : routeCancellation(single, this.#exchanges, statelessConnection);
    if (cancelled === 'stateless') return Promise.resolve();
    for (let i = 0; i < messages.length; i++) {
      const message = messages[i] as JsonRpcMessage;
      if (this.#session.isInitialize(message)) this.#server.stop(); // a new handshake: the old session's stream is done
      this.#session.observeOutgoing(message);
      if (isRequest(message) && message.method === 'tools/list' && statelessRevision(message) !== undefined)
        this.#tools.watch(message.id);
    }
    const posted = this.#post(payload, messages, true);
    if (cancelled === undefined) return posted;
    // Handshake era: the server was told; stop waiting on the abandoned request's stream too.
    return posted.then(() => {
      cancelled.cancel();
    });
  }

  /** Aborts every request and stream, ends the session (`DELETE`; 405 is fine), and closes. */
  async close(): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    this.#abortAll();
    const httpSse = this.#httpSse;
    if (httpSse !== undefined) await httpSse.close();
    else await endSession(this.#session, this.#context, this.#url, this.#warn);
    this.#sink?.closed();
  }

  async #post(payload: JsonRpcPayload, messages: readonly JsonRpcMessage[], mayRecover: boolean): Promise<void> {
    if (this.#closer.signal.aborted) throw new LocalError('CONNECTION_CLOSED', 'Transport closed');
    const single = messages.length === 1 ? messages[0] : undefined;
    const revision = single === undefined ? undefined : statelessRevision(single);
    if (revision !== undefined) this.#statelessVersion = revision;
    const exchange = this.#exchanges.open(messages, revision !== undefined);
    const what = `POST ${single !== undefined && 'method' in single ? single.method : 'message'}`;
    const headers = postHeaders(single, revision, {
      session: this.#session,
      tools: this.#tools,
      statelessVersion: this.#statelessVersion,
    });
    try {
      const reply = await send(this.#context, {
        method: 'POST',
        url: this.#url,
        headers,
        body: encode(payload),
        signal: exchange.controller.signal,
        what,
      });
      if (!isOk(reply)) {
        const recovery = await this.#refuse(reply, exchange, single, headers[Header.SessionId], mayRecover, what);
        // The caller may have given up while the transport was recovering.
        if (recovery === 'retry' && !exchange.cancelled) await this.#post(payload, messages, false);
        return;
      }
      if (!exchange.stateless && single !== undefined) this.#learn(reply, single);
      if (mediaType(reply) === MediaType.EventStream) {
        await this.#follow(reply, exchange, what);
        return;
      }
      if (exchange.ids.length === 0 || reply.status === 202) {
        discard(reply);
        return;
      }
      // The common case, kept in this one function: a JSON answer.
      const text = await reply.text();
      exchange.finish();
      if (text.trim() !== '') this.#receive(toFrame(text));
      if (!exchange.done) throw new HttpTransportError(reply.status, `${what}: the response body did not answer the request`);
    } catch (error) {
      if (exchange.cancelled || (exchange.ids.length > 0 && exchange.done)) return; // cancelled, or answered: the abort is ours
      if (this.#ended) throw new LocalError('CONNECTION_CLOSED', 'Transport closed', { cause: error });
      throw error;
    } finally {
      this.#exchanges.close(exchange);
    }
  }

  /** What a 2xx answer to a handshake-era message teaches: the session id, or that the session's GET stream can open. */
  #learn(reply: HttpReply, single: JsonRpcMessage): void {
    if (this.#session.isInitialize(single)) this.#session.id = reply.header(Header.SessionId);
    else if ('method' in single && single.method === 'notifications/initialized') this.#server.open();
  }

  /** An SSE answer: deliver its events until every request is answered, resuming the stream (handshake era) if it drops. */
  async #follow(reply: HttpReply, exchange: Exchange, what: string): Promise<void> {
    await followStream(reply, {
      onMessage: (data) => {
        exchange.deliver(() => {
          this.#receive(toFrame(data));
        });
      },
      done: () => exchange.done,
      ...(exchange.stateless
        ? {}
        : { reconnect: (lastEventId: string | undefined, signal: AbortSignal) => this.#server.resume(lastEventId, signal) }),
      needsEventId: true,
      policy: this.#policy,
      signal: exchange.controller.signal,
    });
    if (!exchange.done) throw new HttpTransportError(reply.status, `${what}: the SSE stream ended before the response`);
  }

  /**
   * An HTTP error: deliver a JSON-RPC answer if the body has one; else recover
   * from an expired session (`'retry'`), fall back to HTTP+SSE, or fail.
   */
  async #refuse(
    reply: HttpReply,
    exchange: Exchange,
    single: JsonRpcMessage | undefined,
    sentSession: string | undefined,
    mayRecover: boolean,
    what: string,
  ): Promise<'retry' | undefined> {
    const body = readErrorBody(await reply.text().catch(() => ''), exchange.ids);
    exchange.finish();
    const initialize = single !== undefined && this.#session.isInitialize(single);
    // A 404 to a session id means the session is gone (2025-03-26+), whatever the body says: a
    // server that restarted may word it as a JSON-RPC error with the request's id, but the request
    // was never processed, so it is not the request's answer; it goes again in a new session.
    if (reply.status === 404 && !exchange.stateless && sentSession !== undefined && !initialize) {
      const error = statusError(reply.status, reply.statusText, errorDetail(body), what);
      if (!mayRecover || !this.#reinitialize) throw error;
      await this.#recover(sentSession, error);
      const initialized = single !== undefined && 'method' in single && single.method === 'notifications/initialized';
      return initialized ? undefined : 'retry'; // the replay sent `initialized` already
    }
    if (body.kind === 'answer') {
      const base = {
        context: this.#context,
        url: this.#url,
        policy: this.#policy,
        signal: this.#closer.signal,
        tools: this.#tools,
      };
      if (mayRecover && single !== undefined && (await relearnHeaders(base, single, body.responses, this.#warn))) return 'retry';
      for (const answer of body.responses) this.#receive(answer);
      if (exchange.done) return undefined;
    }
    const error = statusError(reply.status, reply.statusText, body.kind === 'none' ? body.detail : undefined, what);
    if (initialize && this.#fallback && body.kind === 'none' && FALLBACK_STATUSES.has(reply.status)) {
      await this.#fallBack(single, error);
      return undefined;
    }
    throw error;
  }

  /**
   * Re-establishes an expired session once, however many requests noticed the
   * expiry; at most `REINIT_BUDGET` times a minute, so a server that forgets
   * every session at once cannot keep the client re-initializing.
   */
  async #recover(expiredId: string, cause?: Error): Promise<void> {
    if (this.#reinit === undefined) {
      if (this.#session.id !== expiredId) return; // already replaced
      if (!this.#session.canReinitialize) throw cause ?? new LocalError('TRANSPORT_FAILED', 'Session expired');
      const now = Date.now();
      this.#reinits = this.#reinits.filter((at) => now - at < REINIT_WINDOW_MS);
      if (this.#reinits.length >= REINIT_BUDGET)
        throw new LocalError(
          'TRANSPORT_FAILED',
          `The server ended the session ${String(REINIT_BUDGET)} times within a minute: not starting another`,
          { cause },
        );
      this.#reinits.push(now);
      this.#server.stop();
      this.#reinit = reinitialize(this.#session, this.#context, this.#url, this.#policy, this.#closer.signal)
        .then(() => {
          this.#server.open();
        })
        .finally(() => {
          this.#reinit = undefined;
        });
    }
    await this.#reinit;
  }

  /** Switches to the HTTP+SSE transport and re-sends `initialize` there; the original failure stands if that fails too. */
  async #fallBack(initialize: JsonRpcMessage, cause: HttpTransportError): Promise<void> {
    const httpSse = await openSseFallback(this.#url, this.#context, cause, this.#warn, {
      receive: (frame) => {
        this.#sink?.receive(frame);
      },
      reject: (error) => this.#sink?.reject(error),
      closed: (error) => {
        if (this.#ended) return;
        this.#ended = true;
        this.#abortAll();
        this.#sink?.closed(error);
      },
    });
    this.#httpSse = httpSse;
    await httpSse.send(initialize);
  }

  /** Aborts every request and stream in flight, and whatever else waits on the close signal. */
  #abortAll(): void {
    this.#closer.abort();
    this.#exchanges.abortAll(this.#closer.signal.reason);
  }

  /** Hands a frame to the client, after learning from it what the transport needs. */
  #receive(frame: Frame): void {
    if (this.#ended || typeof frame !== 'object' || frame instanceof Uint8Array) {
      if (!this.#ended) this.#sink?.receive(frame);
      return;
    }
    const out = Array.isArray(frame) ? (frame as unknown[]).map((item) => this.#inspect(item)) : this.#inspect(frame);
    this.#sink?.receive(out as object);
  }

  #inspect(item: unknown): unknown {
    if (typeof item !== 'object' || item === null || 'method' in item) return item;
    const message = item as JsonRpcMessage;
    this.#session.observeIncoming(message);
    const id: unknown = (item as { id?: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') this.#exchanges.get(id)?.answer(id);
    return this.#tools.inspect(message);
  }
}
