/**
 * The server side of stdio: newline-delimited JSON on stdin/stdout, nothing
 * else ever on stdout, diagnostics on stderr, and a prompt exit when stdin
 * closes (a server whose client went away must not linger as a zombie).
 *
 * @module
 */
import type { Readable, Writable } from 'node:stream';
import type { NetworkKind, Transport, TransportSink } from '../../jsonrpc/transport.js';
import type { JsonRpcPayload } from '../../jsonrpc/message.js';
import { StreamTransport, type StreamTransportOptions } from './streamTransport.js';

/** Options of {@link StdioServerTransport}. */
export interface StdioServerTransportOptions extends Omit<StreamTransportOptions, 'closeOnInputEnd'> {
  /** Input stream (default `process.stdin`). */
  readonly stdin?: Readable;
  /** Output stream (default `process.stdout`). */
  readonly stdout?: Writable;
  /**
   * What to do when stdin closes: `'exit'` (default) lets requests in flight
   * answer for up to `exitGraceMs`, then closes the transport and ends the
   * process once stdout is flushed (waiting at most `exitGraceMs` more);
   * `'close'` only closes the transport at once and leaves the process to the
   * application.
   */
  readonly onStdinClose?: 'exit' | 'close';
  /** How long requests in flight may take to answer after stdin closes, in ms (default 250). */
  readonly exitGraceMs?: number;
  /**
   * Send `console.log`/`info`/`debug` to stderr while the transport runs
   * (default true): a stray log line on stdout would corrupt the protocol.
   */
  readonly redirectConsole?: boolean;
}

/** Serves MCP over this process's stdin and stdout. */
export class StdioServerTransport implements Transport {
  /** How the messages travel (telemetry). */
  readonly network: NetworkKind = { transport: 'pipe' };
  readonly #inner: StreamTransport;
  readonly #options: StdioServerTransportOptions;
  readonly #stdin: Readable;
  readonly #stdout: Writable;
  readonly #exitOnStdinClose: boolean;
  #restoreConsole: (() => void) | undefined;
  #closedByUs = false;
  #stdinClosed = false;
  #exiting = false;

  constructor(options: StdioServerTransportOptions = {}) {
    this.#options = options;
    this.#stdin = options.stdin ?? process.stdin;
    this.#stdout = options.stdout ?? process.stdout;
    this.#exitOnStdinClose = options.onStdinClose !== 'close';
    // In 'exit' mode the end of stdin does not close the channel at once: replies to requests in flight may still go out.
    this.#inner = new StreamTransport(this.#stdin, this.#stdout, { ...options, closeOnInputEnd: !this.#exitOnStdinClose });
  }

  start(sink: TransportSink): Promise<void> {
    if (this.#options.redirectConsole !== false && this.#options.stdout === undefined) this.#restoreConsole = redirectConsole();
    if (this.#exitOnStdinClose) {
      this.#stdin.once('end', this.#onStdinClosed);
      this.#stdin.once('close', this.#onStdinClosed);
    }
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
        if (!this.#closedByUs && this.#exitOnStdinClose) this.#exitWhenFlushed();
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
   * stdin ended: the client is gone or asked us to shut down. Requests in
   * flight get `exitGraceMs` to answer, then the channel closes and the
   * process exits. The timer is unref'd: if nothing else keeps the event loop
   * alive, the process ends by itself even sooner; if something does (a stray
   * interval, an open socket), it cannot keep a server whose client is gone alive.
   */
  readonly #onStdinClosed = (): void => {
    if (this.#stdinClosed || this.#closedByUs) return;
    this.#stdinClosed = true;
    setTimeout(() => {
      void this.#inner.close();
    }, this.#options.exitGraceMs ?? 250).unref();
  };

  /**
   * Ends the process once what was written to stdout has left. stdout to a
   * pipe is asynchronous on Linux and macOS, so `process.exit` could cut a
   * large reply off; the wait is bounded by one more grace period.
   */
  #exitWhenFlushed(): void {
    if (this.#exiting) return;
    this.#exiting = true;
    const stdout = this.#stdout;
    let exited = false;
    const exit = (): void => {
      if (exited) return;
      exited = true;
      process.exit(0);
    };
    setImmediate(() => {
      if (stdout.writableLength === 0 || stdout.destroyed) exit();
      for (const event of ['drain', 'finish', 'close', 'error']) stdout.once(event, exit);
      setTimeout(exit, this.#options.exitGraceMs ?? 250).unref();
    });
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
