/**
 * A message-level relay between two JSON-RPC transports: the `host` (a client
 * the bridge serves) and the `upstream` (a server the bridge is a client of).
 * Messages pass through unchanged, ids included: with one host per upstream
 * connection the two id spaces never meet (the host's requests carry the
 * host's ids, the upstream's carry its own), so cancellation and progress
 * tokens keep their meaning in both directions, and every feature of every
 * revision (and any extension) is carried without being declared here.
 *
 * What the relay adds is bookkeeping, so nothing hangs:
 * - a host request the upstream cannot take (unreachable, refused at the
 *   HTTP level, gone) is answered with a JSON-RPC error;
 * - when the upstream closes, every request in flight is answered so, and
 *   later ones at once;
 * - a server-to-client request the host cannot be given is refused to the upstream;
 * - each message to the host names the host request it belongs to
 *   (`relatedRequestId`), which Streamable HTTP routes by.
 *
 * @module
 */
import type { JsonRpcMessage, JsonRpcPayload, RequestId, Transport } from 'mcpkit/jsonrpc';
import { JsonRpcErrorCode } from 'mcpkit/jsonrpc';
import { decodeFrame, describe, errorResponse, idOf, paramsOf, progressTokenOf, UPSTREAM_UNAVAILABLE } from './frames.js';

/** Options of a {@link Relay}. */
export interface RelayOptions {
  /** The side the bridge serves. */
  readonly host: Transport;
  /** The side the bridge is a client of. */
  readonly upstream: Transport;
  /** How to name the upstream in errors (a URL, a command). */
  readonly label: string;
  /** Diagnostics (stderr). */
  readonly log?: (message: string) => void;
  /** Called once when either side closes (the relay then closes the other). */
  readonly onClose?: (side: 'host' | 'upstream', error?: Error) => void;
}

/** A host request waiting for the upstream's answer. */
interface InFlight {
  readonly method: string;
  readonly token: RequestId | undefined;
}

/** Relays messages between a host and an upstream transport. */
export class Relay {
  readonly #host: Transport;
  readonly #upstream: Transport;
  readonly #label: string;
  readonly #log: (message: string) => void;
  readonly #onClose: ((side: 'host' | 'upstream', error?: Error) => void) | undefined;
  /** Host requests the upstream has not answered, by id. */
  readonly #inFlight = new Map<RequestId, InFlight>();
  /** Which host request a progress token belongs to. */
  readonly #tokens = new Map<RequestId, RequestId>();
  /** Upstream requests the host has not answered, by id. */
  readonly #asked = new Set<RequestId>();
  /** Why the upstream cannot take requests, once it closed. */
  #down: string | undefined;
  /** The relay is closing on purpose: failures to send are expected. */
  #closing = false;
  /** `onClose` was called. */
  #ended = false;

  constructor(options: RelayOptions) {
    this.#host = options.host;
    this.#upstream = options.upstream;
    this.#label = options.label;
    this.#log = options.log ?? (() => undefined);
    this.#onClose = options.onClose;
  }

  /** Starts both sides: the upstream first, so that what the host sends has somewhere to go. */
  async start(): Promise<void> {
    try {
      await this.#upstream.start({
        receive: (frame) => {
          const { messages, failures } = decodeFrame(frame);
          for (const failure of failures) this.#log(`unreadable message from ${this.#label}: ${failure.error.message}`);
          for (const message of messages) this.#fromUpstream(message);
        },
        reject: (error) => {
          this.#log(`unreadable message from ${this.#label}: ${error.message}`);
        },
        closed: (error) => {
          this.#upstreamClosed(error);
        },
      });
    } catch (error) {
      this.#upstreamClosed(error instanceof Error ? error : undefined);
    }
    await this.#host.start({
      receive: (frame) => {
        const { messages, failures } = decodeFrame(frame);
        for (const failure of failures)
          if (failure.reply) this.#toHost(errorResponse(failure.id ?? null, failure.error.code, failure.error.message));
        for (const message of messages) this.#fromHost(message);
      },
      reject: (error) => {
        this.#toHost(errorResponse(null, error.code, error.message));
      },
      closed: (error) => {
        this.#hostClosed(error);
      },
    });
  }

  /** Closes both sides. */
  async close(): Promise<void> {
    this.#closing = true;
    await Promise.allSettled([this.#upstream.close(), this.#host.close()]);
  }

  /** The number of host requests waiting for the upstream. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  #fromHost(message: JsonRpcMessage): void {
    const id = idOf(message);
    if ('method' in message && id !== undefined && 'id' in message) {
      this.#forwardRequest(message, id);
      return;
    }
    if ('method' in message) {
      if (message.method === 'notifications/cancelled') this.#cancelled(paramsOf(message)?.['requestId']);
      this.#toUpstream(message);
      return;
    }
    // A response to an upstream request.
    if (id !== undefined) this.#asked.delete(id);
    this.#toUpstream(message);
  }

  #forwardRequest(message: JsonRpcMessage & { method: string }, id: RequestId): void {
    if (this.#down !== undefined) {
      this.#toHost(errorResponse(id, UPSTREAM_UNAVAILABLE, `${this.#label} is not available: ${this.#down}`), id);
      return;
    }
    const token = progressTokenOf(message);
    this.#inFlight.set(id, { method: message.method, token });
    if (token !== undefined) this.#tokens.set(token, id);
    this.#upstream.send(message).catch((error: unknown) => {
      // Answered meanwhile (an HTTP error with a JSON-RPC body is delivered, then the send rejects): nothing to add.
      if (!this.#settle(id)) return;
      this.#toHost(
        errorResponse(id, UPSTREAM_UNAVAILABLE, `${this.#label} did not answer ${message.method}: ${describe(error)}`),
        id,
      );
    });
  }

  /** The host gave up on a request: its answer, if one comes, is not wanted. */
  #cancelled(requestId: unknown): void {
    if (typeof requestId === 'string' || typeof requestId === 'number') this.#settle(requestId);
  }

  /** Forgets a host request; false if it was not in flight. */
  #settle(id: RequestId): boolean {
    const entry = this.#inFlight.get(id);
    if (entry === undefined) return false;
    this.#inFlight.delete(id);
    if (entry.token !== undefined) this.#tokens.delete(entry.token);
    return true;
  }

  #fromUpstream(message: JsonRpcMessage): void {
    const id = idOf(message);
    if (!('method' in message)) {
      if (id === undefined || !this.#settle(id)) {
        this.#log(`dropped an answer from ${this.#label} to no request in flight (id ${JSON.stringify(id ?? null)})`);
        return;
      }
      this.#toHost(message, id);
      return;
    }
    const related = this.#relatedOf(message);
    if (id !== undefined && 'id' in message) {
      this.#asked.add(id);
      this.#host.send(message, related === undefined ? undefined : { relatedRequestId: related }).catch((error: unknown) => {
        this.#asked.delete(id);
        this.#toUpstream(errorResponse(id, JsonRpcErrorCode.InternalError, `the client cannot be asked: ${describe(error)}`));
      });
      return;
    }
    this.#toHost(message, related);
  }

  /**
   * The host request an upstream message belongs to: progress by its token;
   * anything else (a log line, a server-to-client request) to the one request
   * in flight, when there is exactly one (stdio says nothing more).
   */
  #relatedOf(message: JsonRpcMessage & { method: string }): RequestId | undefined {
    if (message.method === 'notifications/progress') {
      const token = paramsOf(message)?.['progressToken'];
      return typeof token === 'string' || typeof token === 'number' ? this.#tokens.get(token) : undefined;
    }
    if (this.#inFlight.size !== 1) return undefined;
    for (const id of this.#inFlight.keys()) return id;
    return undefined;
  }

  #toHost(message: JsonRpcPayload, related?: RequestId): void {
    this.#host.send(message, related === undefined ? undefined : { relatedRequestId: related }).catch((error: unknown) => {
      if (!this.#closing) this.#log(`could not pass a message to the client: ${describe(error)}`);
    });
  }

  #toUpstream(message: JsonRpcPayload): void {
    this.#upstream.send(message).catch((error: unknown) => {
      if (!this.#closing) this.#log(`could not pass a message to ${this.#label}: ${describe(error)}`);
    });
  }

  #upstreamClosed(error: Error | undefined): void {
    this.#down ??= error === undefined ? 'the connection closed' : describe(error);
    for (const id of [...this.#inFlight.keys()]) {
      this.#settle(id);
      this.#toHost(errorResponse(id, UPSTREAM_UNAVAILABLE, `${this.#label} is not available: ${this.#down}`), id);
    }
    this.#end('upstream', error);
  }

  #hostClosed(error: Error | undefined): void {
    // The client went away: tell the upstream to stop work nobody will read, then end.
    for (const id of this.#inFlight.keys()) {
      this.#toUpstream({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: id, reason: 'the client went away' },
      });
    }
    this.#inFlight.clear();
    this.#tokens.clear();
    this.#end('host', error);
  }

  #end(side: 'host' | 'upstream', error: Error | undefined): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#onClose?.(side, error);
  }
}
