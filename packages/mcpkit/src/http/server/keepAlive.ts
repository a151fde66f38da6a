/**
 * Keep-alive for open SSE streams: one timer for all of them (not one per
 * stream), running only while some stream is open, writing a comment line to
 * each so proxies and client idle timeouts do not cut quiet streams.
 *
 * @module
 */
import type { StreamWriter } from './exchange.js';
import { KEEP_ALIVE } from '../wire/sse.js';

/** Calls `unref()` where the runtime has it (Node, Deno, Bun): a timer must not keep a process alive. */
export function unref(timer: unknown): void {
  (timer as { unref?: () => void }).unref?.();
}

/** The shared keep-alive ticker. */
export class KeepAlive {
  readonly #periodMs: number;
  readonly #writers = new Set<StreamWriter>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** @param periodMs how often to write; 0 turns keep-alive off. */
  constructor(periodMs: number) {
    this.#periodMs = periodMs;
  }

  /** Streams currently kept alive. */
  get size(): number {
    return this.#writers.size;
  }

  /** Keeps `writer` alive until it closes. */
  add(writer: StreamWriter): void {
    if (this.#periodMs <= 0 || !writer.open) return;
    this.#writers.add(writer);
    writer.onClose(() => {
      this.#writers.delete(writer);
      if (this.#writers.size === 0) this.stop();
    });
    this.#arm();
  }

  /** Stops the timer (it restarts when a stream is added). */
  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #arm(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      for (const writer of this.#writers) {
        if (writer.open) writer.write(KEEP_ALIVE);
        else this.#writers.delete(writer);
      }
      if (this.#writers.size > 0) this.#arm();
    }, this.#periodMs);
    unref(this.#timer);
  }
}
