/**
 * The native `node:http` face of the exchange: no web objects per request.
 * The body is read into Buffers (stopping at the limit) and decoded once;
 * headers and SSE frames are written straight to the `ServerResponse`.
 *
 * A body over the limit gets 413 at once, and the rest of it (up to
 * {@link DRAIN_BYTES}) is read and thrown away before the connection closes:
 * closing a socket with unread bytes makes the kernel send a reset, which
 * can destroy the 413 before the client reads it.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BodyRead, HttpExchange, StreamWriter } from '../../../http/server/exchange.js';
import type { HeaderMap } from '../../../http/wire/headers.js';
import { queryParam } from '../../../http/server/query.js';
import { CloseListeners } from '../../../http/server/closeListeners.js';

/** An exchange over a Node request and response. */
export class NodeExchange implements HttpExchange {
  readonly method: string;
  readonly path: string;
  readonly auth: unknown;
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;
  readonly #search: string;
  #answered = false;
  /** Set when the body was refused: settles once the rest of it was read (or given up on). */
  #drained: Promise<void> | undefined;
  #aborter: AbortController | undefined;

  constructor(req: IncomingMessage, res: ServerResponse) {
    this.#req = req;
    this.#res = res;
    this.method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    this.path = q < 0 ? url : url.slice(0, q);
    this.#search = q < 0 ? '' : url.slice(q + 1);
    // Set by authentication middleware (Express convention).
    this.auth = (req as { auth?: unknown }).auth;
  }

  get answered(): boolean {
    return this.#answered;
  }

  get signal(): AbortSignal {
    if (this.#aborter === undefined) {
      const aborter = new AbortController();
      this.#aborter = aborter;
      this.onAbort(() => {
        aborter.abort();
      });
    }
    return this.#aborter.signal;
  }

  onAbort(listener: () => void): void {
    const res = this.#res;
    if (res.destroyed && !res.writableFinished) {
      listener();
      return;
    }
    // 'close' comes once; `on` spares the wrapper `once` makes.
    res.on('close', () => {
      if (!res.writableFinished) listener();
    });
  }

  query(name: string): string | undefined {
    return queryParam(this.#search, name);
  }

  get remoteAddress(): string | undefined {
    return this.#req.socket.remoteAddress;
  }

  header(name: string): string | undefined {
    const value = this.#req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  readBody(limit: number): Promise<BodyRead> {
    const req = this.#req;
    const parsed = (req as { body?: unknown }).body;
    if (parsed !== undefined) return Promise.resolve(preParsed(parsed));
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > limit) return Promise.resolve(this.#refuseBody(declared - limit));
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let total = 0;
      const done = (result: BodyRead): void => {
        req.off('data', onData);
        req.off('end', onEnd);
        req.off('error', onEnd);
        resolve(result);
      };
      const onData = (chunk: Buffer): void => {
        total += chunk.length;
        if (total > limit) done(this.#refuseBody(0));
        else chunks.push(chunk);
      };
      const onEnd = (): void => {
        done({
          text: chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks, total).toString('utf8'),
        });
      };
      req.on('data', onData);
      req.on('end', onEnd);
      req.on('error', onEnd);
    });
  }

  respond(status: number, headers: HeaderMap, body?: string): void {
    if (this.#answered) return;
    this.#answered = true;
    const res = this.#res;
    if (body !== undefined) res.setHeader('content-length', Buffer.byteLength(body));
    res.writeHead(status, headers);
    const drained = this.#drained;
    if (drained === undefined) {
      res.end(body);
      return;
    }
    // The whole answer goes out now; the connection ends (and closes) once the refused body is read.
    if (body !== undefined) res.write(body);
    void drained.then(() => res.end());
  }

  stream(status: number, headers: HeaderMap): StreamWriter {
    this.#answered = true;
    const res = this.#res;
    res.writeHead(status, headers);
    res.flushHeaders();
    this.#req.socket.setNoDelay(true);
    return new NodeStreamWriter(res);
  }

  /**
   * Refuses an oversized body (`unread`: how much more it declares). The
   * connection closes after the 413; up to {@link DRAIN_BYTES} of the rest is
   * read first, so the close is clean. A body that goes on past that is cut.
   */
  #refuseBody(unread: number): BodyRead {
    this.#res.shouldKeepAlive = false;
    if (unread > DRAIN_BYTES) this.#req.pause();
    else this.#drained = drain(this.#req, DRAIN_BYTES);
    return { tooLarge: true };
  }
}

/** The most bytes of a refused body read and thrown away so that the 413 arrives intact (8 MiB). */
const DRAIN_BYTES = 8 * 1024 * 1024;

/** Reads and discards the rest of `req`, up to `max` bytes; settles at its end, its failure, or `max`. */
function drain(req: IncomingMessage, max: number): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let discarded = 0;
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', stop);
      req.off('error', stop);
      req.off('close', stop);
      resolve();
    };
    const onData = (chunk: Buffer): void => {
      discarded += chunk.length;
      if (discarded > max) {
        req.pause();
        stop();
      }
    };
    req.on('data', onData);
    req.on('end', stop);
    req.on('error', stop);
    req.on('close', stop);
    req.resume();
  });
}

/** A body a framework parsed before us (Express's `express.json()`), or raw text/bytes it kept. */
function preParsed(body: unknown): BodyRead {
  if (typeof body === 'string') return { text: body };
  if (Buffer.isBuffer(body)) return { text: body.toString('utf8') };
  return { value: body };
}

/** The most SSE bytes buffered for a client that does not read before its connection is cut (8 MiB). */
const MAX_UNREAD_BYTES = 8 * 1024 * 1024;

/** SSE frames written directly to the response. */
class NodeStreamWriter implements StreamWriter {
  readonly #res: ServerResponse;
  readonly #close = new CloseListeners();

  constructor(res: ServerResponse) {
    this.#res = res;
    res.once('close', () => {
      this.#close.close();
    });
  }

  get open(): boolean {
    return this.#close.open;
  }

  write(chunk: string): void {
    if (!this.#close.open) return;
    this.#res.write(chunk);
    // A client that stops reading must not grow this process's memory: cut it off. Its events are
    // kept by the session's event store, so it resumes with Last-Event-ID once it reads again.
    if (this.#res.writableLength > MAX_UNREAD_BYTES) this.#res.destroy();
  }

  end(): void {
    if (!this.#close.open) return;
    this.#res.end();
    this.#close.close();
  }

  onClose(listener: () => void): void {
    this.#close.add(listener);
  }
}
