import { encode } from '../../jsonrpc/codec.js';
import { JsonRpcErrorCode } from '../../jsonrpc/errorCodes.js';
import { DEFAULT_MAX_LINE_BYTES, LineDecoder } from '../../jsonrpc/lineDecoder.js';
import { LocalError } from '../../jsonrpc/localError.js';
/** A transport over a readable (inbound lines) and a writable (outbound lines). */
export class StreamTransport {
    #input;
    #output;
    #maxBytes;
    #closeOnInputEnd;
    #pauseInputWhileFull;
    #sink;
    #decoder;
    #batch = [];
    #flushScheduled = false;
    #flushed;
    #draining = false;
    #closed = false;
    #detach;
    constructor(input, output, options) {
        this.#input = input;
        this.#output = output;
        this.#maxBytes = options?.maxMessageBytes ?? DEFAULT_MAX_LINE_BYTES;
        this.#closeOnInputEnd = options?.closeOnInputEnd !== false;
        this.#pauseInputWhileFull = options?.pauseInputWhileFull !== false;
    }
    start(sink) {
        if (this.#sink !== undefined)
            return Promise.reject(new LocalError('INVALID_ARGUMENT', 'Transport already started'));
        this.#sink = sink;
        const maxBytes = this.#maxBytes;
        this.#decoder = new LineDecoder({
            line: (bytes) => {
                sink.receive(bytes);
            },
            oversize: (bytes) => {
                sink.reject({
                    code: JsonRpcErrorCode.InvalidRequest,
                    message: `Message of ${String(bytes)} bytes exceeds the limit of ${String(maxBytes)} bytes`,
                });
            },
        }, maxBytes);
        const onData = (chunk) => {
            this.#decoder?.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        };
        const onEnd = () => {
            if (this.#closeOnInputEnd)
                this.#shutdown(undefined);
        };
        const onError = (error) => {
            this.#shutdown(new LocalError('TRANSPORT_FAILED', `Input stream failed: ${error.message}`, { cause: error }));
        };
        const onOutputError = (error) => {
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
    send(payload) {
        if (this.#closed)
            return Promise.reject(new LocalError('CONNECTION_CLOSED', 'Transport closed'));
        try {
            this.#batch.push(encode(payload));
        }
        catch (error) {
            // Nothing was queued: this message alone fails (see `encode`).
            return Promise.reject(error instanceof LocalError ? error : new LocalError('INVALID_ARGUMENT', String(error)));
        }
        if (!this.#flushScheduled && !this.#draining) {
            this.#flushScheduled = true;
            setImmediate(this.#flush);
        }
        if (this.#flushed === undefined) {
            let resolve;
            let reject;
            const promise = new Promise((res, rej) => {
                resolve = res;
                reject = rej;
            });
            // Callers rarely await sends; an unobserved rejection must not crash the process.
            promise.catch(() => undefined);
            this.#flushed = { promise, resolve, reject };
        }
        return this.#flushed.promise;
    }
    close() {
        this.#shutdown(undefined);
        return Promise.resolve();
    }
    /** Writes every queued message in one `write()`. */
    #flush = () => {
        this.#flushScheduled = false;
        if (this.#batch.length === 0 || this.#closed)
            return;
        const data = this.#batch.length === 1 ? `${this.#batch[0] ?? ''}\n` : `${this.#batch.join('\n')}\n`;
        this.#batch = [];
        const done = this.#flushed;
        this.#flushed = undefined;
        const ok = this.#output.write(data, (error) => {
            if (error)
                done?.reject(new LocalError('TRANSPORT_FAILED', `Write failed: ${error.message}`, { cause: error }));
            else
                done?.resolve();
        });
        if (!ok) {
            // The writable is full: stop reading until it drains, then write what queued meanwhile.
            this.#draining = true;
            if (this.#pauseInputWhileFull)
                this.#input.pause();
            this.#output.once('drain', () => {
                this.#draining = false;
                if (this.#closed)
                    return;
                if (this.#pauseInputWhileFull)
                    this.#input.resume();
                this.#flush();
            });
        }
    };
    #shutdown(error) {
        if (this.#closed)
            return;
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
        if (!this.#output.writableEnded && !this.#output.destroyed)
            this.#output.end();
        this.#flushed?.reject(new LocalError('CONNECTION_CLOSED', 'Transport closed'));
        this.#flushed = undefined;
        this.#sink?.closed(error);
    }
}
//# sourceMappingURL=streamTransport.js.map