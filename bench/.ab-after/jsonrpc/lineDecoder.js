/**
 * Newline-delimited framing for byte streams (stdio, and any custom stream
 * transport that reuses its framing). Splits chunks on `\n`, tolerates `\r\n`,
 * skips blank lines and refuses a line longer than the limit without ever
 * buffering more than the limit.
 *
 * @module
 */
/** The default longest line: 64 MiB (room for large base64 resources). */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;
const LF = 0x0a;
const CR = 0x0d;
/** Splits a byte stream into lines. */
export class LineDecoder {
    #sink;
    #max;
    #parts = [];
    #size = 0;
    /** Bytes of an oversized line seen so far, or -1 when not discarding. */
    #discarded = -1;
    constructor(sink, maxLineBytes = DEFAULT_MAX_LINE_BYTES) {
        this.#sink = sink;
        this.#max = maxLineBytes;
    }
    /** Feeds a chunk; calls the sink for every line it completes. */
    push(chunk) {
        let start = 0;
        const end = chunk.length;
        while (start < end) {
            const nl = chunk.indexOf(LF, start);
            if (nl === -1) {
                this.#hold(chunk.subarray(start));
                return;
            }
            this.#complete(chunk.subarray(start, nl));
            start = nl + 1;
        }
    }
    /** True when a partial line is buffered (the stream ended mid-message). */
    get pending() {
        return this.#size > 0 || this.#discarded >= 0;
    }
    #hold(piece) {
        if (piece.length === 0)
            return;
        if (this.#discarded >= 0) {
            this.#discarded += piece.length;
            return;
        }
        if (this.#size + piece.length > this.#max) {
            this.#discarded = this.#size + piece.length;
            this.#parts = [];
            this.#size = 0;
            return;
        }
        // The chunk's memory may be reused by the stream: keep a copy.
        this.#parts.push(piece.slice());
        this.#size += piece.length;
    }
    #complete(tail) {
        if (this.#discarded >= 0) {
            const total = this.#discarded + tail.length;
            this.#discarded = -1;
            this.#sink.oversize(total);
            return;
        }
        if (this.#size + tail.length > this.#max) {
            const total = this.#size + tail.length;
            this.#parts = [];
            this.#size = 0;
            this.#sink.oversize(total);
            return;
        }
        let line = tail;
        if (this.#parts.length > 0) {
            line = concat(this.#parts, tail, this.#size + tail.length);
            this.#parts = [];
            this.#size = 0;
        }
        let len = line.length;
        if (len > 0 && line[len - 1] === CR)
            len--;
        if (len === 0 || isBlank(line, len))
            return;
        this.#sink.line(len === line.length ? line : line.subarray(0, len));
    }
}
function concat(parts, tail, size) {
    const out = new Uint8Array(size);
    let offset = 0;
    for (const part of parts) {
        out.set(part, offset);
        offset += part.length;
    }
    out.set(tail, offset);
    return out;
}
function isBlank(line, len) {
    // Only scan short lines: a message is never blank, and scanning megabytes would waste time.
    if (len > 16)
        return false;
    for (let i = 0; i < len; i++) {
        const c = line[i];
        if (c !== 0x20 && c !== 0x09 && c !== CR)
            return false;
    }
    return true;
}
//# sourceMappingURL=lineDecoder.js.map