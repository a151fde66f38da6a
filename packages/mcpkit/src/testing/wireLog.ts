/**
 * A record of the JSON-RPC messages that crossed a transport, in order, and
 * the decorator that fills it. The client hides the wire (it negotiates,
 * adds `_meta`, answers input rounds); a test that must prove what was
 * actually sent reads it here.
 *
 * @module
 */
import type {
  Frame,
  JsonRpcErrorObject,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcPayload,
  JsonRpcRequest,
  MessageInfo,
  SendOptions,
  Transport,
  TransportSink,
} from '../jsonrpc/index.js';

/** Which end sent a message. */
export type WireSide = 'client' | 'server';

/** One message seen on the wire. */
export interface WireEntry {
  /** Who sent it. */
  readonly from: WireSide;
  /**
   * The message as parsed from the wire. A frame that was not JSON is kept as
   * its text, so nothing the peer sent goes missing from the record.
   */
  readonly message: JsonRpcMessage | string;
}

/** The messages of one connection, both directions, in the order they crossed. */
export class WireLog {
  readonly #entries: WireEntry[] = [];

  /** Every message so far. */
  get entries(): readonly WireEntry[] {
    return this.#entries;
  }

  /** Adds what `from` sent (a batch becomes one entry per message). */
  record(from: WireSide, payload: unknown): void {
    for (const message of Array.isArray(payload) ? payload : [payload])
      this.#entries.push({ from, message: message as JsonRpcMessage | string });
  }

  /** The requests `from` sent (default: the client's), optionally only those of `method`. */
  requests(method?: string, from: WireSide = 'client'): JsonRpcRequest[] {
    return this.#messages(from).filter(
      (m): m is JsonRpcRequest => 'method' in m && 'id' in m && (method === undefined || m.method === method),
    );
  }

  /** The notifications `from` sent (default: the server's), optionally only those of `method`. */
  notifications(method?: string, from: WireSide = 'server'): JsonRpcNotification[] {
    return this.#messages(from).filter(
      (m): m is JsonRpcNotification => 'method' in m && !('id' in m) && (method === undefined || m.method === method),
    );
  }

  /** The method of every request and notification, in order: a quick picture of a conversation. */
  methods(from?: WireSide): string[] {
    return this.#entries
      .filter((e) => from === undefined || e.from === from)
      .flatMap((e) => (typeof e.message === 'object' && 'method' in e.message ? [e.message.method] : []));
  }

  /** Forgets everything recorded so far (to look only at what a step sends). */
  clear(): void {
    this.#entries.length = 0;
  }

  #messages(from: WireSide): JsonRpcMessage[] {
    return this.#entries.flatMap((e) => (e.from === from && typeof e.message === 'object' ? [e.message] : []));
  }
}

/**
 * Wraps `transport` (one end of a connection, on the `side` given) so that
 * everything it sends and receives is recorded in `log`. Works over any
 * transport: in-memory, stdio, HTTP.
 */
export function recordWire(transport: Transport, log: WireLog, side: WireSide = 'client'): Transport {
  const peer: WireSide = side === 'client' ? 'server' : 'client';
  return {
    start: (sink: TransportSink) =>
      transport.start({
        receive: (frame: Frame, info?: MessageInfo) => {
          log.record(peer, parseFrame(frame));
          sink.receive(frame, info);
        },
        reject: (error: JsonRpcErrorObject) => {
          sink.reject(error);
        },
        closed: (error?: Error) => {
          sink.closed(error);
        },
      }),
    send: (payload: JsonRpcPayload, options?: SendOptions) => {
      log.record(side, payload);
      return transport.send(payload, options);
    },
    close: () => transport.close(),
  };
}

/** A frame as JSON where it is JSON, as its text where it is not. */
function parseFrame(frame: Frame): unknown {
  if (typeof frame !== 'string' && !(frame instanceof Uint8Array)) return frame;
  const text = typeof frame === 'string' ? frame : new TextDecoder().decode(frame);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
