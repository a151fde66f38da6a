/**
 * The context every handler runs in, the same in both eras: who is calling
 * (revision, client info and capabilities, auth), the request's signal, and
 * the ways to report progress, log, and ask the client for input. Where the
 * era differs (a real server-to-client request, or a replayed
 * `input_required` round trip), an {@link InputChannel} hides it.
 *
 * @module
 */
import type { RequestId } from '../jsonrpc/message.js';
import type { Era, Revision } from '../protocol/versions.js';
import type {
  ClientCapabilities,
  CreateMessageParams,
  CreateMessageResult,
  ElicitParams,
  ElicitResult,
  Implementation,
  ListRootsResult,
  LoggingLevel,
  ReadResourceResult,
} from '../protocol/types/index.js';

/** The client-side requests a handler can make, and how each is answered. */
export interface InputMethods {
  readonly 'elicitation/create': { params: ElicitParams; result: ElicitResult };
  readonly 'sampling/createMessage': { params: CreateMessageParams; result: CreateMessageResult };
  readonly 'roots/list': { params: Record<string, never>; result: ListRootsResult };
}

/** Options of an input request made from a handler. */
export interface InputOptions {
  /**
   * The key of this input in a 2026-07-28 `inputRequests` map (default: one
   * derived from the call order). Must be stable across the handler's replays.
   */
  readonly key?: string;
  /** Handshake era: how long to wait for the client's answer, in ms. */
  readonly timeoutMs?: number;
}

/** How a handler's input requests reach the client: a real request, or a replay round trip. */
export interface InputChannel {
  ask<M extends keyof InputMethods>(
    method: M,
    params: InputMethods[M]['params'],
    options: InputOptions | undefined,
  ): Promise<InputMethods[M]['result']>;
}

/** Per-session state (handshake era), or per-request scratch (stateless era). */
export type SessionState = Map<string, unknown>;

/** What a handler knows about the request and can do while serving it. */
export interface ServerContext<State = unknown> {
  /** The revision the request speaks. */
  readonly revision: Revision;
  /** Its era: `handshake` (initialize, sessions) or `stateless` (2026-07-28). */
  readonly era: Era;
  /** The request's JSON-RPC id. */
  readonly requestId: RequestId;
  /** The method being served. */
  readonly method: string;
  /** The client's self-description (from `initialize`, or the request's `_meta`), if it gave one. */
  readonly clientInfo: Implementation | undefined;
  /** The capabilities the client declared (for this session, or on this very request). */
  readonly clientCapabilities: ClientCapabilities;
  /** What the transport authenticated (e.g. a bearer token's claims), if anything. */
  readonly auth: unknown;
  /**
   * What the transport attached to the request (opaque here; the HTTP
   * transport documents its shape: request headers, and a way to close the
   * response stream for SSE polling).
   */
  readonly transport: unknown;
  /** Who is calling, as the server's `principal` option reads `auth` (bind handles and state to it). */
  readonly principal: string | undefined;
  /** Fires when the client cancels, the connection closes or the server shuts down. */
  readonly signal: AbortSignal;
  /** The request's `_meta`, as sent. */
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  /** What the server's lifespan hook produced (a database pool, say). */
  readonly state: State;
  /**
   * Handshake era: state kept for the session's lifetime. Stateless era:
   * state for this request only (the spec asks for explicit handles passed in
   * arguments instead; see `ServerOptions.handles`).
   */
  readonly session: SessionState;
  /** The session id, where the transport has one (Streamable HTTP, handshake era). */
  readonly sessionId: string | undefined;
  /**
   * Reports progress. Sent only if the request carried a progress token, and
   * only when `progress` increases (the spec requires it to).
   */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /**
   * Sends a log message to the client, if its level passes the client's
   * filter (`logging/setLevel`, or the request's 2026 `logLevel`).
   */
  log(level: LoggingLevel, data: unknown, logger?: string): Promise<void>;
  /** Asks the user through the client (form or URL mode). Refused (-32021) if the client cannot. */
  elicit(params: ElicitParams, options?: InputOptions): Promise<ElicitResult>;
  /** Asks the client's model for a completion (tools allowed where declared). Refused if the client cannot. */
  sample(params: CreateMessageParams, options?: InputOptions): Promise<CreateMessageResult>;
  /** Asks the client for its roots. Refused if the client cannot. */
  listRoots(options?: InputOptions): Promise<ListRootsResult>;
  /**
   * Handshake era (2025-11-25): tells the client that the out-of-band
   * interaction of a URL-mode elicitation finished
   * (`notifications/elicitation/complete`). Works after the request finished
   * too. A no-op in the stateless era, where the client learns it by retrying.
   */
  completeElicitation(elicitationId: string): void;
  /** Reads one of this server's own resources, as a client would. */
  readResource(uri: string): Promise<ReadResourceResult>;
}
