/**
 * The transport interface: a minimal duplex channel of JSON-RPC messages.
 * Three members: start receiving, send, close. Everything transport-specific
 * (framing, sessions, headers, event ids) stays inside the implementation.
 *
 * @module
 */
import type { JsonRpcErrorObject, JsonRpcPayload, RequestId } from './message.js';

/**
 * One inbound frame: text or UTF-8 bytes as read from the wire, or a JSON value
 * the transport already parsed (an HTTP body it had to inspect, say). The
 * connection decodes and validates it; transports never answer protocol errors.
 */
export type Frame = string | Uint8Array | object;

/** What a transport knows about an inbound message that the handler may need. */
export interface MessageInfo {
  /** Credentials the transport verified (a bearer token's claims, say); opaque to the engine. */
  readonly auth?: unknown;
  /** Fires when the transport can no longer deliver the reply (an HTTP client hung up): treated as cancellation. */
  readonly signal?: AbortSignal;
  /** Transport-specific detail (HTTP headers, a session id), opaque to the engine. */
  readonly transport?: unknown;
}

/** Where a transport delivers what it receives. */
export interface TransportSink {
  /** A frame arrived. Called in arrival order. */
  receive(frame: Frame, info?: MessageInfo): void;
  /**
   * A frame arrived that the transport could not even hand over (longer than
   * its limit, say). The connection answers it like any malformed message.
   */
  reject(error: JsonRpcErrorObject): void;
  /** The channel closed (locally or by the peer); called exactly once, last. */
  closed(error?: Error): void;
}

/** Per-message hints for the transport. */
export interface SendOptions {
  /**
   * The inbound request this message belongs to (its response, or a
   * notification or request sent while handling it). Transports that keep one
   * stream per request (Streamable HTTP) route by it; others ignore it.
   */
  readonly relatedRequestId?: RequestId;
}

/** A duplex JSON-RPC channel. */
export interface Transport {
  /** Begins delivery to `sink`. Called once, before any `send`. Rejects if the channel cannot open. */
  start(sink: TransportSink): Promise<void>;
  /**
   * Sends one message (or a batch). Resolves once handed to the channel;
   * rejects (never throws) if it is closed, and with
   * `LocalError('INVALID_ARGUMENT')` if the payload cannot be serialized
   * (`encode` throws that), in which case nothing was sent.
   */
  send(payload: JsonRpcPayload, options?: SendOptions): Promise<void>;
  /** Closes the channel. Idempotent. The sink's `closed` follows. */
  close(): Promise<void>;
  /** How the channel travels (`pipe` for stdio, `tcp` + `http` for HTTP), for telemetry; absent in memory. */
  readonly network?: NetworkKind;
}

/** How a transport's messages travel, named as OpenTelemetry's `network.*` attributes name it. */
export interface NetworkKind {
  readonly transport: 'pipe' | 'tcp' | 'unix';
  readonly protocol?: 'http';
}
