/**
 * The server side of stdio: newline-delimited JSON on stdin/stdout, nothing
 * else ever on stdout, diagnostics on stderr, and a prompt exit when stdin
 * closes (a server whose client went away must not linger as a zombie).
 *
 * @module
 */
import type { Readable, Writable } from 'node:stream';
import type { Transport, TransportSink } from '../../jsonrpc/transport.js';
import type { JsonRpcPayload } from '../../jsonrpc/message.js';
import { StreamTransport, type StreamTransportOptions } from './streamTransport.js';

/** Options of {@link StdioServerTransport}. */
export interface StdioServerTransportOptions extends StreamTransportOptions {
  /** Input stream (default `process.stdin`). */
  readonly stdin?: Readable;
  /** Output stream (default `process.stdout`). */
  readonly stdout?: Writable;
  /**
   * What to do when stdin closes: `'exit'` (default) ends the process once
   * pending output is flushed, after at most `exitGraceMs`; `'close'` only
   * closes the transport and leaves the process to the application.
   */
  readonly onStdinClose?: 'exit' | 'close';
  /** How long in-flight work may take to finish after stdin closes, in ms (default 250). */
  readonly exitGraceMs?: number;
  /**
   * Send `console.log`/`info`/`debug` to stderr while the transport runs
   * (default true): a stray log line on stdout would corrupt the protocol.
   */
  readonly redirectConsole?: boolean;
}

/** Serves MCP over this process's stdin and stdout. */
export class StdioServerTransport implements Transport {
  readonly #inner: StreamTransport;
  readonly #options: StdioServerTransportOptions;
  readonly #stdout: Writable;
  #restoreConsole: (() => void) | undefined;
  #closedByUs = false;

  constructor(options: StdioServerTransportOptions = {}) {
    this.#options = options;
    this.#stdout = options.stdout ?? process.stdout;
    this.#inner = new StreamTransport(options.stdin ?? process.stdin, this.#stdout, options);
  }

  start(sink: TransportSink): Promise<void> {
    if (this.#options.redirectConsole !== false && this.#options.stdout === undefined) this.#restoreConsole = redirectConsole();
    return this.#inner.start({
      receive: (frame, info) => {
        sink.receive(frame, info);
      },
      reject: (error) => {
        sink.reject(error);
      },
      closed: (error) => {
        this.#restoreConsole?.();
        sink.closed(error);
        if (!this.#closedByUs && this.#options.onStdinClose !== 'close') this.#exitSoon();
      },
    });
  }

  send(payload: JsonRpcPayload): Promise<void> {
    return this.#inner.send(payload);
  }

  close(): Promise<void> {
    this.#closedByUs = true;
    return this.#inner.close();
  }

  /**
   * Ends the process after the grace period. The timer is unref'd: if nothing
   * else keeps the event loop alive, the process ends by itself even sooner;
   * if something does (a stray interval, an open socket), it cannot keep a
   * server whose client is gone alive.
   */
  #exitSoon(): void {
    // (stdout to a pipe or file is synchronous on POSIX, so nothing written is lost.)
    setTimeout(() => process.exit(0), this.#options.exitGraceMs ?? 250).unref();
  }
}

function redirectConsole(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  return () => {
    console.log = saved.log;
    console.info = saved.info;
    console.debug = saved.debug;
  };
}
