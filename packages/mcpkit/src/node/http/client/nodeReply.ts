/**
 * A `node:http` response seen through the client transports' `HttpReply`:
 * headers read from the raw list, no web objects. A body other than an event
 * stream is gathered into Buffers from the start and decoded once, so its
 * connection is free as soon as it has arrived, read or not (a 202, say); an
 * event stream is pushed as text while it lasts.
 *
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { HttpReply } from '../../../http/client/httpClient.js';
import { Header, MediaType, mediaTypeOf } from '../../../http/wire/headers.js';
import { LocalError } from '../../../jsonrpc/localError.js';

/**
 * How long a cancelled body may take to end on its own. A server ends a
 * request's SSE stream right after the last response: draining that tail
 * keeps the connection for the next request instead of tearing it down.
 */
const DRAIN_MS = 1000;

/** How the body ended: `null` when it was read to its end, else why it broke. */
type Outcome = { readonly error: Error } | null;

/** The reply to one request, over its `IncomingMessage`. */
export class NodeReply implements HttpReply {
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  readonly #res: IncomingMessage;
  #contentType: string | undefined;
  /** The body so far, for a body that is not an event stream (gathered from the start). */
  #chunks: Buffer[] | undefined;
  #size = 0;
  #outcome: Outcome | undefined;
  #cancelled = false;
  #error: Error | undefined;
  /** Settles the pending `text` or `read`. */
  #settle: ((outcome: Outcome) => void) | undefined;

  /** `release` is called once, when the response is done with (ended, closed or destroyed). */
  constructor(res: IncomingMessage, url: string, release: () => void) {
    this.#res = res;
    this.status = res.statusCode ?? 0;
    this.statusText = res.statusMessage ?? '';
    this.url = url;
    res.on('error', (error) => {
      this.#error ??= error;
    });
    res.once('end', () => {
      this.#end(null);
    });
    res.once('close', () => {
      release();
      if (this.#outcome === undefined)
        this.#end({
          error: this.#error ?? new LocalError('TRANSPORT_FAILED', 'The connection closed before the response ended'),
        });
    });
    this.#contentType = rawHeader(res.rawHeaders, Header.ContentType);
    if (mediaTypeOf(this.#contentType) === MediaType.EventStream) return;
    // Any other body is gathered from the start (a 'data' listener makes it flow), so its connection is
    // free as soon as it has arrived, before the caller's next request, whether it is read or released.
    const chunks: Buffer[] = [];
    this.#chunks = chunks;
    res.on('data', (chunk: Buffer) => {
      if (this.#chunks === undefined) return; // released
      chunks.push(chunk);
      this.#size += chunk.length;
    });
  }

  header(name: string): string | undefined {
    return name === Header.ContentType ? this.#contentType : rawHeader(this.#res.rawHeaders, name);
  }

  text(): Promise<string> {
    if (this.#chunks === undefined && this.#outcome === undefined && !this.#cancelled) return this.#gather();
    return new Promise((resolve, reject) => {
      this.#await((outcome) => {
        if (outcome === null) resolve(this.#decode());
        else reject(outcome.error);
      });
    });
  }

  read(onText: (text: string) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#await((outcome) => {
        if (outcome !== null) {
          reject(outcome.error);
          return;
        }
        const rest = this.#decode();
        try {
          if (rest !== '') onText(rest);
          resolve();
        } catch (error) {
          reject(asError(error));
        }
      });
      if (this.#settle === undefined || this.#chunks !== undefined) return;
      const res = this.#res;
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        if (this.#cancelled) return;
        try {
          onText(text);
        } catch (error) {
          this.#end({ error: asError(error) });
          res.destroy();
        }
      });
    });
  }

  cancel(): void {
    if (this.#outcome !== undefined) return;
    this.#cancelled = true;
    this.#chunks = undefined;
    this.#end(null);
    const res = this.#res;
    res.resume();
    if (res.complete) return; // the rest is already here: it drains at once
    // Let the tail arrive, without keeping the process alive for it, then give up on the connection.
    res.socket.unref();
    const timer = setTimeout(() => {
      res.destroy();
    }, DRAIN_MS);
    timer.unref();
    res.once('close', () => {
      clearTimeout(timer);
    });
  }

  /** The whole body of an event stream, when asked for as text. */
  #gather(): Promise<string> {
    const chunks: Buffer[] = [];
    this.#chunks = chunks;
    this.#res.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      this.#size += chunk.length;
    });
    return this.text();
  }

  /** The gathered body as text ('' once released). */
  #decode(): string {
    const chunks = this.#chunks;
    this.#chunks = undefined;
    if (chunks === undefined || chunks.length === 0) return '';
    return chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks, this.#size).toString('utf8');
  }

  /** Calls `settle` once the body is over (at once if it is), or released. */
  #await(settle: (outcome: Outcome) => void): void {
    if (this.#outcome === undefined) this.#settle = settle;
    else settle(this.#outcome);
  }

  /** The body is over, or released: the first outcome stands. */
  #end(outcome: Outcome): void {
    if (this.#outcome !== undefined) return;
    this.#outcome = outcome;
    const settle = this.#settle;
    this.#settle = undefined;
    settle?.(outcome);
  }
}

/** A thrown value as an `Error`. */
function asError(value: unknown): Error {
  return value instanceof Error ? value : new LocalError('PROTOCOL_VIOLATION', String(value));
}

/** A header by lower-case name from Node's raw list (no `headers` object is built); repeated ones joined with `, `. */
function rawHeader(raw: readonly string[], name: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const key = raw[i] as string;
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    const next = raw[i + 1] as string;
    value = value === undefined ? next : `${value}, ${next}`;
  }
  return value;
}
