/**
 * The web face of the exchange: a fetch-API `Request` in, a `Response`
 * promise out. A streamed answer is a `ReadableStream` whose cancellation
 * (the client hung up) closes the writer and fires the exchange's signal.
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/localError.js';
import type { HeaderMap } from '../wire/headers.js';
import type { BodyRead, HttpExchange, StreamWriter } from './exchange.js';
import { queryParam } from './query.js';
import { CloseListeners } from './closeListeners.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An exchange over a web `Request`; `response` settles when the handler answers. */
export class WebExchange implements HttpExchange {
  readonly method: string;
  readonly path: string;
  readonly auth: unknown;
  /** The answer, once the handler gives it. */
  readonly response: Promise<Response>;
  readonly #request: Request;
  readonly #search: string;
  #resolve!: (response: Response) => void;
  #answered = false;
  #aborter: AbortController | undefined;

  constructor(request: Request, auth?: unknown) {
    this.#request = request;
    this.method = request.method.toUpperCase();
    this.auth = auth;
    const url = request.url;
    const start = url.indexOf('/', url.indexOf('//') + 2);
    const q = start < 0 ? -1 : url.indexOf('?', start);
    this.path = start < 0 ? '/' : url.slice(start, q < 0 ? undefined : q);
    this.#search = q < 0 ? '' : url.slice(q + 1);
    this.response = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  get answered(): boolean {
    return this.#answered;
  }

  get signal(): AbortSignal {
    if (this.#aborter === undefined) {
      const aborter = new AbortController();
      this.#aborter = aborter;
      const client = this.#request.signal;
      if (client.aborted) aborter.abort(client.reason);
      else
        client.addEventListener(
          'abort',
          () => {
            aborter.abort(client.reason);
          },
          { once: true },
        );
    }
    return this.#aborter.signal;
  }

  onAbort(listener: () => void): void {
    const signal = this.signal;
    if (signal.aborted) listener();
    else signal.addEventListener('abort', listener, { once: true });
  }

  query(name: string): string | undefined {
    return queryParam(this.#search, name);
  }

  header(name: string): string | undefined {
    const value = this.#request.headers.get(name);
    if (value !== null) return value;
    // Some runtimes leave Host out of a Request's headers: the URL has it.
    return name === 'host' ? this.#urlHost() : undefined;
  }

  #urlHost(): string | undefined {
    const url = this.#request.url;
    const from = url.indexOf('//');
    if (from < 0) return undefined;
    const end = url.indexOf('/', from + 2);
    const authority = url.slice(from + 2, end < 0 ? undefined : end);
    return authority.slice(authority.lastIndexOf('@') + 1) || undefined;
  }

  async readBody(limit: number): Promise<BodyRead> {
    const declared = Number(this.header('content-length') ?? '0');
    if (declared > limit) return { tooLarge: true };
    const body = this.#request.body;
    if (body === null) return { text: '' };
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      total += chunk.value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        return { tooLarge: true };
      }
      chunks.push(chunk.value);
    }
    if (chunks.length === 1) return { text: decoder.decode(chunks[0]) };
    const all = new Uint8Array(total);
    let offset = 0;
    for (const c of chunks) {
      all.set(c, offset);
      offset += c.byteLength;
    }
    return { text: decoder.decode(all) };
  }

  respond(status: number, headers: HeaderMap, body?: string): void {
    if (this.#answered) return;
    this.#answered = true;
    this.#resolve(new Response(body ?? null, { status, headers: { ...headers } }));
  }

  stream(status: number, headers: HeaderMap): StreamWriter {
    this.#answered = true;
    const writer = new WebStreamWriter(() => {
      this.#aborter?.abort();
    });
    this.#resolve(new Response(writer.readable, { status, headers: { ...headers } }));
    return writer;
  }
}

/** The most SSE chunks queued for a reader that does not read before its stream is cut. */
const MAX_UNREAD_CHUNKS = 10_000;

/** A writer feeding a `ReadableStream` of UTF-8 bytes. */
class WebStreamWriter implements StreamWriter {
  readonly readable: ReadableStream<Uint8Array>;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly #close = new CloseListeners();
  readonly #onCancel: () => void;

  constructor(onCancel: () => void) {
    this.#onCancel = onCancel;
    this.readable = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller;
      },
      cancel: () => {
        this.#close.close();
        this.#onCancel();
      },
    });
  }

  get open(): boolean {
    return this.#close.open;
  }

  write(chunk: string): void {
    if (!this.#close.open) return;
    try {
      this.#controller.enqueue(encoder.encode(chunk));
    } catch {
      this.#close.close();
      return;
    }
    // A reader that stopped reading must not grow memory without bound: cut it off (it resumes with Last-Event-ID).
    const desired = this.#controller.desiredSize;
    if (desired !== null && desired < -MAX_UNREAD_CHUNKS) {
      this.#controller.error(new LocalError('TRANSPORT_FAILED', 'The client stopped reading its event stream'));
      this.#close.close();
      this.#onCancel();
    }
  }

  end(): void {
    if (!this.#close.open) return;
    try {
      this.#controller.close();
    } catch {
      // Already cancelled by the reader.
    }
    this.#close.close();
  }

  onClose(listener: () => void): void {
    this.#close.add(listener);
  }
}
