/**
 * The handshake era's standalone `GET` stream, on which the server sends
 * requests and notifications unrelated to any client request. It is opened
 * after `notifications/initialized`, kept open (reconnecting, honouring the
 * server's `retry`, resuming with `Last-Event-ID`), and given up quietly when
 * the server offers none (405).
 *
 * @see 2025-11-25 `basic/transports.mdx#listening-for-messages-from-the-server`
 * @module
 */
import { Header, MediaType } from '../wire/headers.js';
import { isOk, mediaType, type HttpReply } from './httpClient.js';
import { HttpTransportError } from './transportError.js';
import type { ReconnectPolicy } from './reconnect.js';
import { discard, send, type HttpContext } from './send.js';
import type { HandshakeSession } from './handshakeSession.js';
import { followStream } from './sseStream.js';

/** What the server stream needs from its transport. */
export interface ServerStreamOptions {
  /** How requests are made. */
  readonly context: HttpContext;
  /** The MCP endpoint. */
  readonly url: URL;
  /** Delays and retry limit of reconnection. */
  readonly policy: ReconnectPolicy;
  /** Supplies the session headers of each `GET`. */
  readonly session: HandshakeSession;
  /** The transport's close signal. */
  readonly signal: AbortSignal;
  /** Receives each message's text. */
  readonly receive: (text: string) => void;
  /** The session expired: re-establish it (which reopens this stream). */
  readonly expired: (sessionId: string) => Promise<void>;
  /** Reports a stream given up for a reason other than "the server has none". */
  readonly warn: (message: string) => void;
}

/** The standalone server-to-client stream of a handshake-era session. */
export class ServerStream {
  readonly #options: ServerStreamOptions;
  #controller: AbortController | undefined;
  #unsupported = false;

  constructor(options: ServerStreamOptions) {
    this.#options = options;
  }

  /** Opens the stream unless it is open, or the server said it has none. */
  open(): void {
    if (this.#unsupported || this.#controller !== undefined || this.#options.signal.aborted) return;
    const controller = new AbortController();
    this.#controller = controller;
    void this.#run(controller);
  }

  /** Closes the stream (the session is being replaced, or the transport closes). */
  stop(): void {
    this.#controller?.abort();
    this.#controller = undefined;
  }

  /** One `GET` of the stream; with an event id, it resumes the stream that id belongs to (a request's stream too). */
  resume(lastEventId: string | undefined, signal: AbortSignal): Promise<HttpReply> {
    const headers: Record<string, string> = { [Header.Accept]: MediaType.EventStream, ...this.#options.session.headers() };
    if (lastEventId !== undefined) headers[Header.LastEventId] = lastEventId;
    return send(this.#options.context, { method: 'GET', url: this.#options.url, headers, signal, what: 'GET (SSE stream)' });
  }

  async #run(controller: AbortController): Promise<void> {
    const o = this.#options;
    const stopOnClose = (): void => {
      controller.abort();
    };
    o.signal.addEventListener('abort', stopOnClose, { once: true });
    const sessionId = o.session.id;
    try {
      const first = await this.resume(undefined, controller.signal);
      if (!isOk(first) || mediaType(first) !== MediaType.EventStream) {
        discard(first);
        // 405 is the server saying "no GET stream". A 404 right after the handshake means the same
        // thing on a server that does not know the method; treating it as an expiry would loop.
        if (first.status === 405 || first.status === 404) this.#unsupported = true;
        else o.warn(`The server stream was refused with HTTP ${String(first.status)}`);
        return;
      }
      await followStream(first, {
        onMessage: o.receive,
        done: () => false,
        reconnect: (lastEventId, signal) => this.resume(lastEventId, signal),
        needsEventId: false,
        policy: o.policy,
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof HttpTransportError && error.status === 404 && sessionId !== undefined) {
        // The stream had been open: now the session is gone.
        if (this.#controller === controller) this.#controller = undefined;
        o.expired(sessionId).catch((e: unknown) => {
          o.warn(`The session expired and could not be re-established: ${e instanceof Error ? e.message : String(e)}`);
        });
        return;
      }
      o.warn(`The server stream closed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      o.signal.removeEventListener('abort', stopOnClose);
      if (this.#controller === controller) this.#controller = undefined;
    }
  }
}
