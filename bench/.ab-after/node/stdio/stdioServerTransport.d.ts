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
import { type StreamTransportOptions } from './streamTransport.js';
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
export declare class StdioServerTransport implements Transport {
    #private;
    constructor(options?: StdioServerTransportOptions);
    start(sink: TransportSink): Promise<void>;
    send(payload: JsonRpcPayload): Promise<void>;
    close(): Promise<void>;
}
//# sourceMappingURL=stdioServerTransport.d.ts.map