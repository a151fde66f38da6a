/**
 * Newline-delimited JSON over a pair of Node streams: the engine of both stdio
 * transports (and of any custom byte-stream transport).
 *
 * - Writes are coalesced: every message sent during one turn of the event loop
 *   goes out in a single `write()` (one write per message costs about half the
 *   CPU of a whole JSON-RPC round trip).
 * - Backpressure is respected: while the writable is full, reading pauses, so
 *   a peer that does not read cannot make this side buffer without bound.
 * - Lines longer than the limit are discarded without being buffered, and
 *   answered with -32600.
 * - Closing (either way) ends the output and stops reading the input: the
 *   peer sees EOF, and nothing here keeps the process alive.
 *
 * @module
 */
import type { Readable, Writable } from 'node:stream';
import { encode } from '../../jsonrpc/codec.js';
import { JsonRpcErrorCode } from '../../jsonrpc/errorCodes.js';
import { DEFAULT_MAX_LINE_BYTES, LineDecoder } from '../../jsonrpc/lineDecoder.js';
import { LocalError } from '../../jsonrpc/localError.js';
import type { JsonRpcPayload } from '../../jsonrpc/message.js';
import type { NetworkKind, Transport, TransportSink } from '../../jsonrpc/transport.js';

/** Options of a stream transport. */
export interface StreamTransportOptions {
  /** The longest accepted line, in bytes (default 64 MiB). */
  readonly maxMessageBytes?: number;
  /**
   * Close when the input ends (default true). False leaves the output open
   * for replies still being produced: the owner watches the input and calls
   * `close()` itself (the stdio server does, after its grace period).
   */
  readonly closeOnInputEnd?: boolean;
  /**
   * Stop reading while the output is full (default true). Exactly one side of
   * a pipe pair may do this, or two peers that both send large messages wait
   * on each other forever: the server pauses (a client that stops reading
   * cannot make it buffer without bound); the client keeps reading, which is
   * what lets the server's output drain.
   */
  readonly pauseInputWhileFull?: boolean;
}

/** A transport over a readable (inbound lines) and a writable (outbound lines). */
export class StreamTransport implements Transport {
  /** How the messages travel (telemetry). */
  readonly network: NetworkKind = { transport: 'pipe' };
  readonly #input: Readable;
  readonly #output: Writable;
  readonly #maxBytes: number;
  readonly #closeOnInputEnd: boolean;
  readonly #pauseInputWhileFull: boolean;
  #sink: TransportSink | undefined;
  #decoder: LineDecoder | undefined;
  #batch: string[] = [];
  #flushScheduled = false;
  #flushed: { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } | undefined;
  #draining = false;
  #closed = false;
  #detach: (() => void) | undefined;

  constructor(input: Readable, output: Writable, options?: StreamTransportOptions) {
    this.#input = input;
    this.#output = output;
    this.#maxBytes = options?.maxMessageBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.#closeOnInputEnd = options?.closeOnInputEnd !== false;
    this.#pauseInputWhileFull = options?.pauseInputWhileFull !== false;
  }

  start(sink: TransportSink): Promise<void> {
    if (this.#sink !== undefined) return Promise.reject(new LocalError('INVALID_ARGUMENT', 'Transport already started'));
    this.#sink = sink;
    const maxBytes = this.#maxBytes;
    this.#decoder = new LineDecoder(
      {
        line: (bytes) => {
          sink.receive(bytes);
        },
        oversize: (bytes) => {
          sink.reject({
            code: JsonRpcErrorCode.InvalidRequest,
            message: `Message of ${String(bytes)} bytes exceeds the limit of ${String(maxBytes)} bytes`,
          });
        },
      },
      maxBytes,
    );
    const onData = (chunk: Buffer | string): void => {
      this.#decoder?.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    };
    const onEnd = (): void => {
      if (this.#closeOnInputEnd) this.#shutdown(undefined);
    };
    const onError = (error: Error): void => {
      this.#shutdown(new LocalError('TRANSPORT_FAILED', `Input stream failed: ${error.message}`, { cause: error }));
    };
    const onOutputError = (error: Error): void => {
      // EPIPE: the peer stopped reading; nothing more can be delivered.
      this.#shutdown(new LocalError('TRANSPORT_FAILED', `Output stream failed: ${error.message}`, { cause: error }));
    };
    this.#input.on('data', onData);
    this.#input.on('end', onEnd);
    this.#input.on('close', onEnd);
    this.#input.on('error', onError);
    this.#output.on('error', onOutputError);
    this.#detach = () => {
      this.#input.off('data', onData);
      this.#input.off('end', onEnd);
      this.#input.off('close', onEnd);
      this.#input.off('error', onError);
      // Keep an error listener on the output: a late EPIPE must not crash the process.
      this.#output.off('error', onOutputError);
      this.#output.on('error', () => undefined);
    };
    this.#input.resume();
    return Promise.resolve();
  }

  send(payload: JsonRpcPayload): Promise<void> {
    if (this.#closed) return Promise.reject(new LocalError('CONNECTION_CLOSED', 'Transport closed'));
    try {
      this.#batch.push(encode(payload));
    } catch (error) {
      // Nothing was queued: this message alone fails (see `encode`).
      return Promise.reject(error instanceof LocalError ? error : new LocalError('INVALID_ARGUMENT', String(error)));
    }
    if (!this.#flushScheduled && !this.#draining) {
      this.#flushScheduled = true;
      setImmediate(this.#flush);
    }
    if (this.#flushed === undefined) {
      let resolve!: () => void;
      let reject!: (e: Error) => void;
      const promise = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      // Callers rarely await sends; an unobserved rejection must not crash the process.
      promise.catch(() => undefined);
      this.#flushed = { promise, resolve, reject };
    }
    return this.#flushed.promise;
  }

  close(): Promise<void> {
    this.#shutdown(undefined);
    return Promise.resolve();
  }

  /** Writes every queued message in one `write()`. */
  readonly #flush = (): void => {
    this.#flushScheduled = false;
    if (this.#batch.length === 0 || this.#closed) return;
    const data = this.#batch.length === 1 ? `${this.#batch[0] ?? ''}\n` : `${this.#batch.join('\n')}\n`;
    this.#batch = [];
    const done = this.#flushed;
    this.#flushed = undefined;
    const ok = this.#output.write(data, (error) => {
      if (error) done?.reject(new LocalError('TRANSPORT_FAILED', `Write failed: ${error.message}`, { cause: error }));
      else done?.resolve();
    });
    if (!ok) {
      // The writable is full: stop reading until it drains, then write what queued meanwhile.
      this.#draining = true;
      if (this.#pauseInputWhileFull) this.#input.pause();
      this.#output.once('drain', () => {
        this.#draining = false;
        if (this.#closed) return;
        if (this.#pauseInputWhileFull) this.#input.resume();
        this.#flush();
      });
    }
  };

  #shutdown(error: Error | undefined): void {
    if (this.#closed) return;
    // Deliver whatever was queued before the close.
    if (this.#batch.length > 0) {
      this.#draining = false;
      this.#flush();
    }
    this.#closed = true;
    this.#detach?.();
    // Stop reading (a flowing stdin alone keeps a process alive) and end our
    // side, after what was queued, so the peer sees EOF and closes too.
    this.#input.pause();
    if (!this.#output.writableEnded && !this.#output.destroyed) this.#output.end();
    this.#flushed?.reject(new LocalError('CONNECTION_CLOSED', 'Transport closed'));
    this.#flushed = undefined;
    this.#sink?.closed(error);
  }
}
