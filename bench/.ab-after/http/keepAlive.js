import { KEEP_ALIVE } from './sse.js';
/** Calls `unref()` where the runtime has it (Node, Deno, Bun): a timer must not keep a process alive. */
export function unref(timer) {
    timer.unref?.();
}
/** The shared keep-alive ticker. */
export class KeepAlive {
    #periodMs;
    #writers = new Set();
    #timer;
    /** @param periodMs how often to write; 0 turns keep-alive off. */
    constructor(periodMs) {
        this.#periodMs = periodMs;
    }
    /** Streams currently kept alive. */
    get size() {
        return this.#writers.size;
    }
    /** Keeps `writer` alive until it closes. */
    add(writer) {
        if (this.#periodMs <= 0 || !writer.open)
            return;
        this.#writers.add(writer);
        writer.onClose(() => {
            this.#writers.delete(writer);
            if (this.#writers.size === 0)
                this.stop();
        });
        this.#arm();
    }
    /** Stops the timer (it restarts when a stream is added). */
    stop() {
        clearTimeout(this.#timer);
        this.#timer = undefined;
    }
    #arm() {
        if (this.#timer !== undefined)
            return;
        this.#timer = setTimeout(() => {
            this.#timer = undefined;
            for (const writer of this.#writers) {
                if (writer.open)
                    writer.write(KEEP_ALIVE);
                else
                    this.#writers.delete(writer);
            }
            if (this.#writers.size > 0)
                this.#arm();
        }, this.#periodMs);
        unref(this.#timer);
    }
}
//# sourceMappingURL=keepAlive.js.map