/**
 * Newline-delimited framing for byte streams (stdio, and any custom stream
 * transport that reuses its framing). Splits chunks on `\n`, tolerates `\r\n`,
 * skips blank lines and refuses a line longer than the limit without ever
 * buffering more than the limit.
 *
 * @module
 */
/** Receives what the decoder finds. */
export interface LineSink {
    /** One complete line, without its terminator. Valid only during the call. */
    line(bytes: Uint8Array): void;
    /** A line longer than the limit was discarded; `bytes` is its length. */
    oversize(bytes: number): void;
}
/** The default longest line: 64 MiB (room for large base64 resources). */
export declare const DEFAULT_MAX_LINE_BYTES: number;
/** Splits a byte stream into lines. */
export declare class LineDecoder {
    #private;
    constructor(sink: LineSink, maxLineBytes?: number);
    /** Feeds a chunk; calls the sink for every line it completes. */
    push(chunk: Uint8Array): void;
    /** True when a partial line is buffered (the stream ended mid-message). */
    get pending(): boolean;
}
//# sourceMappingURL=lineDecoder.d.ts.map