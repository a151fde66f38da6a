/**
 * How a {@link Connection} behaves: its handlers, the protocol's conventions,
 * timeouts and error exposure.
 *
 * @module
 */
import type { CancellationConvention, ProgressConvention } from './conventions.js';
import type { RequestContext } from './incoming.js';
import type { LocalError } from './localError.js';
import type { JsonRpcNotification, JsonRpcRequest } from './message.js';
import type { ConnectionObserver } from './observer.js';
import type { MessageInfo } from './transport.js';

/** Handles one inbound request; returns (or resolves to) the result, or throws. */
export type RequestHandler = (request: JsonRpcRequest, context: RequestContext) => unknown;

/** Handles one inbound notification. */
export type NotificationHandler = (notification: JsonRpcNotification, info: MessageInfo | undefined) => void;

/** How a connection behaves. */
export interface ConnectionOptions {
  /** Answers inbound requests. Absent: every request gets -32601. */
  readonly onRequest?: RequestHandler;
  /** Receives inbound notifications, except cancellations and progress for requests in flight, which the engine consumes. */
  readonly onNotification?: NotificationHandler;
  /** Receives local problems that have no caller to reject: stray responses, malformed replies, failing handlers. */
  readonly onError?: (error: LocalError) => void;
  /** Called once when the connection closes. */
  readonly onClose?: (error?: Error) => void;
  /** The protocol's cancellation notification. Absent: cancellations are local only. */
  readonly cancellation?: CancellationConvention;
  /** The protocol's progress notification. Absent: progress is not routed. */
  readonly progress?: ProgressConvention;
  /** Whether inbound batches are acceptable (a function, since it may change after negotiation). */
  readonly allowBatch?: () => boolean;
  /** Default timeout of outgoing requests, ms (default 60 000; `Infinity` for none). */
  readonly timeoutMs?: number;
  /** Default hard maximum of outgoing requests, ms, which progress cannot extend (default `Infinity`). */
  readonly maxTotalTimeoutMs?: number;
  /** Send handlers' own error messages to the peer instead of "Internal error" (default false). */
  readonly exposeErrorDetails?: boolean;
  /** Watches every message sent and handled (telemetry). Absent: nothing is observed, at no cost. */
  readonly observer?: ConnectionObserver;
}
