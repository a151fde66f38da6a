/**
 * Pairs each response in the wire log with its request: a request sent by
 * the client is answered by a message coming in with the same id, and a
 * request from the server by one going out. Incremental, so appending to a
 * log of 10,000 messages costs only the new ones.
 *
 * @module
 */
import { summarize, type MessageEntry, type WireEntry } from './wire.js';

/** A request and its response, by their positions in the log. */
export interface Pair {
  /** Index of the request. */
  readonly request: number;
  /** Index of the response, once it arrived. */
  response: number | undefined;
  /** Milliseconds from request to response. */
  latencyMs: number | undefined;
  /** The request's method, shown on the response's line too. */
  readonly method: string;
}

/** The pairing of a growing log. */
export class Pairing {
  /** Open requests, by direction and id. */
  readonly #open = new Map<string, Pair>();
  /** Each paired entry's pair, by index. */
  readonly #byIndex = new Map<number, Pair>();
  #seen = 0;
  #entries: readonly WireEntry[] = [];

  /** Takes in the entries past the ones already seen. */
  update(entries: readonly WireEntry[]): void {
    this.#entries = entries;
    for (; this.#seen < entries.length; this.#seen++) {
      const entry = entries[this.#seen];
      if (entry?.kind === 'message') this.#add(entry, this.#seen);
    }
  }

  /** The pair an entry belongs to, if it is a request or a response. */
  pairOf(index: number): Pair | undefined {
    return this.#byIndex.get(index);
  }

  #add(entry: MessageEntry, index: number): void {
    const messages: unknown[] = Array.isArray(entry.message) ? entry.message : [entry.message];
    for (const message of messages) {
      const { type, id, method } = summarize(message);
      if (id === undefined) continue;
      if (type === 'request' && method !== undefined) {
        const pair: Pair = { request: index, response: undefined, latencyMs: undefined, method };
        this.#open.set(`${entry.app ?? ''}:${entry.dir}:${typeof id}:${String(id)}`, pair);
        this.#byIndex.set(index, pair);
      } else if (type === 'response' || type === 'error') {
        // A response travels the other way from its request.
        // App bridge traffic has ids of its own: pairs never cross between an app and the server.
        const key = `${entry.app ?? ''}:${entry.dir === 'in' ? 'out' : 'in'}:${typeof id}:${String(id)}`;
        const pair = this.#open.get(key);
        if (pair === undefined) continue;
        this.#open.delete(key);
        pair.response = index;
        const request = this.#entries[pair.request];
        pair.latencyMs = request === undefined ? undefined : entry.t - request.t;
        this.#byIndex.set(index, pair);
      }
    }
  }
}
