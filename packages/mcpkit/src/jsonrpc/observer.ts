/**
 * The one seam where something outside the engine watches every message: an
 * observer sees each request and notification this side sends or handles, may
 * rewrite the params of what it sends (to carry trace context in `_meta`),
 * runs inbound handlers inside its own scope, and hears how each ended. The
 * engine calls nothing of it when none is set, so an unobserved connection
 * pays nothing. It knows nothing of MCP or OpenTelemetry.
 *
 * @module
 */
import type { JsonRpcErrorObject, JsonRpcNotification, JsonRpcRequest, Params, RequestId } from './message.js';
import type { MessageInfo } from './transport.js';

/** How an observed message ended: a result, the peer's (or handler's) JSON-RPC error, or a local failure. */
export type ObservedOutcome =
  | { readonly ok: true; readonly result?: unknown }
  | { readonly ok: false; readonly error?: JsonRpcErrorObject; readonly local?: unknown };

/** One outgoing message under observation. */
export interface ObservedSend {
  /** The params to send instead of the caller's (the same object when nothing is added). */
  readonly params: Params | undefined;
  /** Called once when the request settled (or the notification was handed to the transport). */
  end(outcome: ObservedOutcome): void;
}

/** One inbound message under observation. */
export interface ObservedReceive {
  /** Runs the handler inside the observer's scope (its trace context, say). */
  run<T>(handler: () => T): T;
  /** Called once when the handler finished (for a request: with what it answered). */
  end(outcome: ObservedOutcome): void;
}

/** Watches a connection's messages; see the module comment. */
export interface ConnectionObserver {
  /** This side sends a request (`id` set) or a notification. */
  send(method: string, params: Params | undefined, id: RequestId | undefined): ObservedSend;
  /** The peer's request or notification arrived. */
  receive(message: JsonRpcRequest | JsonRpcNotification, info: MessageInfo | undefined): ObservedReceive;
  /** The connection opened. */
  opened?(): void;
  /** The connection closed (with the transport's error, if any). */
  closed?(error?: Error): void;
}
