/**
 * The client side of the deprecated HTTP+SSE transport (2024-11-05): one
 * long-lived `GET` stream carries everything the server sends; its first event,
 * `endpoint`, names the URL every client message is POSTed to.
 *
 * @see 2024-11-05 `basic/transports.mdx#http-with-sse`
 * @module
 */
import { encode } from '../../jsonrpc/codec.js';
import { LocalError } from '../../jsonrpc/localError.js';
import type { JsonRpcPayload } from '../../jsonrpc/message.js';
import type { NetworkKind, SendOptions, Transport, TransportSink } from '../../jsonrpc/transport.js';
import { toFrame } from './frames.js';
import { isOk, mediaType, type HttpReply } from './httpClient.js';
import { HttpTransportError, statusError } from './transportError.js';
import { discard, httpContext, send, type HttpTransportOptions, type HttpContext } from './send.js';
import { Header, MediaType } from '../wire/headers.js';
import { JSON_HEADERS, EventType } from '../wire/sse.js';
import { SseParser } from '../wire/sseParser.js';

/** How to reach a 2024-11-05 HTTP+SSE server. */
export interface SseClientTransportOptions extends HttpTransportOptions {
  /** The SSE endpoint (the URL the `GET` opens). */
  readonly url: string | URL;
  /** How long to wait for the `endpoint` event, ms (default 10 000). */
  readonly endpointTimeoutMs?: number;
}

/** Talks to a server over the 2024-11-05 HTTP+SSE transport. */
export class SseClientTransport implements Transport {
  /** How the messages travel (telemetry). */
  readonly network: NetworkKind = { transport: 'tcp', protocol: 'http' };
  readonly #url: URL;
  readonly #context: HttpContext;
  readonly #timeoutMs: number;
  readonly #closer = new AbortController();
  #sink: TransportSink | undefined;
  #endpoint: URL | undefined;
  #ended = false;

  constructor(options: SseClientTransportOptions) {
    this.#url = new URL(options.url);
    this.#context = httpContext(options);
    this.#timeoutMs = options.endpointTimeoutMs ?? 10_000;
  }

  /** The URL messages are POSTed to, once the server named it. */
  get endpoint(): URL | undefined {
    return this.#endpoint;
  }

  /**
   * Opens the stream and resolves once the server has named its message
   * endpoint. On failure the sink is not told of a close: nothing was open.
   */
  async start(sink: TransportSink): Promise<void> {
    if (this.#sink !== undefined) throw new LocalError('INVALID_ARGUMENT', 'Transport already started');
    this.#sink = sink;
    try {
      await this.#open();
    } catch (error) {
      this.#ended = true;
      this.#closer.abort();
      throw error;
    }
  }

  async #open(): Promise<void> {
    const signal = this.#closer.signal;
    const reply = await send(this.#context, {
      method: 'GET',
      url: this.#url,
      headers: { [Header.Accept]: MediaType.EventStream },
      signal,
      what: 'GET (SSE stream)',
    });
    if (!isOk(reply) || mediaType(reply) !== MediaType.EventStream) {
      const text = isOk(reply) ? '' : await reply.text().catch(() => '');
      discard(reply);
      if (isOk(reply))
        throw new HttpTransportError(
          reply.status,
          `GET (SSE stream) answered ${mediaType(reply) || 'no content type'}, not an event stream`,
        );
      throw statusError(reply.status, reply.statusText, text.trim().slice(0, 200) || undefined, 'GET (SSE stream)');
    }
    const base = new URL(reply.url === '' ? this.#url : reply.url);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new HttpTransportError(undefined, `No endpoint event within ${String(this.#timeoutMs)} ms`));
        this.#closer.abort();
      }, this.#timeoutMs);
      const ready = (error?: Error): void => {
        clearTimeout(timer);
        if (error === undefined) resolve();
        else reject(error);
      };
      void this.#read(reply, base, ready);
    });
  }

  /** POSTs one message to the endpoint; the reply comes on the stream. */
  async send(payload: JsonRpcPayload, _options?: SendOptions): Promise<void> {
    const endpoint = this.#endpoint;
    if (this.#ended || endpoint === undefined) throw new LocalError('CONNECTION_CLOSED', 'Transport not connected');
    const what = `POST ${'method' in payload ? payload.method : 'message'}`;
    const reply = await send(this.#context, {
      method: 'POST',
      url: endpoint,
      headers: JSON_HEADERS,
      body: encode(payload),
      signal: this.#closer.signal,
      what,
    });
    if (isOk(reply)) {
      discard(reply);
      return;
    }
    const text = await reply.text().catch(() => '');
    throw statusError(reply.status, reply.statusText, text.trim().slice(0, 200) || undefined, what);
  }

  /** Closes the stream. */
  close(): Promise<void> {
    this.#closer.abort();
    this.#end(undefined);
    return Promise.resolve();
  }

  /** Reads the stream until it ends: `endpoint` events set the target, `message` events go to the sink. */
  async #read(reply: HttpReply, base: URL, ready: (error?: Error) => void): Promise<void> {
    const parser = new SseParser({
      event: (event) => {
        if (event.type === EventType.Endpoint) this.#setEndpoint(event.data.trim(), base, ready);
        else if (event.type === EventType.Message && event.data.trim() !== '') this.#deliver(event.data);
      },
    });
    let failure: Error | undefined;
    try {
      await reply.read((text) => {
        parser.push(text);
      });
    } catch (error) {
      if (!this.#closer.signal.aborted) {
        failure = new HttpTransportError(
          undefined,
          `SSE stream failed: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    }
    this.#closer.abort();
    // Before the endpoint, start() reports the failure; the sink hears of a close only once it was open.
    if (this.#endpoint === undefined)
      ready(failure ?? new HttpTransportError(undefined, 'SSE stream ended before the endpoint event'));
    else this.#end(failure);
  }

  #setEndpoint(data: string, base: URL, ready: (error?: Error) => void): void {
    let endpoint: URL;
    try {
      endpoint = new URL(data, base);
    } catch {
      ready(new LocalError('PROTOCOL_VIOLATION', `Invalid endpoint URL: ${data}`));
      return;
    }
    // A server must not redirect our messages (and credentials) to another origin.
    if (endpoint.origin !== base.origin) {
      ready(
        new LocalError('PROTOCOL_VIOLATION', `Endpoint origin ${endpoint.origin} differs from the SSE origin ${base.origin}`),
      );
      this.#closer.abort();
      return;
    }
    this.#endpoint = endpoint;
    ready();
  }

  #deliver(data: string): void {
    if (!this.#ended) this.#sink?.receive(toFrame(data));
  }

  #end(error: Error | undefined): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#sink?.closed(error);
  }
}
