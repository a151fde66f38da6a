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
import type { JsonRpcPayload } from '../../jsonrpc/message.js';
import type { Transport, TransportSink } from '../../jsonrpc/transport.js';
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
export declare class StreamTransport implements Transport {
    #private;
    constructor(input: Readable, output: Writable, options?: StreamTransportOptions);
    start(sink: TransportSink): Promise<void>;
    send(payload: JsonRpcPayload): Promise<void>;
    close(): Promise<void>;
}
//# sourceMappingURL=streamTransport.d.ts.map