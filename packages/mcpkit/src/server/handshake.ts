/**
 * The handshake era's per-session state: what the client said at
 * `initialize` and has changed since (log level, subscriptions), the caller
 * its requests run as, the snapshot another process restores it from
 * (scale-out), and the methods only that era has. The stateless era keeps no
 * such state, so none of this exists for it; the session (session.ts) routes
 * each request to one era or the other.
 *
 * @module
 */
import { RpcError } from '../jsonrpc/rpcError.js';
import type { ClientCapabilities, Implementation, LoggingLevel, ServerCapabilities } from '../protocol/types/index.js';
import { negotiateHandshake, type Revision } from '../protocol/versions.js';
import type { SessionState } from './context.js';
import type { MethodHandler } from './middleware.js';
import { isLogLevel, type Caller } from './scope.js';
import type { ServerView } from './serverView.js';
import { statelessRevisions } from './stateless.js';

/** What a handshake-era session negotiated and was told since: what another process needs to go on serving it. */
export interface SessionSnapshot {
  readonly revision: Revision;
  readonly clientInfo?: Implementation;
  readonly capabilities: ClientCapabilities;
  readonly advertised: ServerCapabilities;
  readonly logLevel?: LoggingLevel;
  readonly initialized: boolean;
  readonly subscriptions: readonly string[];
}

/** What the client told the server at `initialize`. */
export interface Handshake {
  readonly revision: Revision;
  readonly clientInfo: Implementation | undefined;
  readonly capabilities: ClientCapabilities;
  /** What the server advertised in its answer: notifications are sent only for that. */
  readonly advertised: ServerCapabilities;
  logLevel: LoggingLevel | undefined;
  initialized: boolean;
  /** The URIs of `resources/subscribe`, created at the first. */
  subscriptions: Set<string> | undefined;
}

/** What a handshake-era caller reads from its session. */
export interface CallerSession {
  readonly sessionId: string | undefined;
  /** The session's state map, created when first read. */
  readonly state: SessionState;
}

/**
 * The caller of a handshake-era request. A class so that `session` (the
 * session's state map) is only created when a handler reads it: an HTTP
 * server keeps one session per client, and most never use it.
 */
export class HandshakeCaller implements Caller {
  readonly era = 'handshake';
  readonly revision: Revision;
  readonly clientInfo: Implementation | undefined;
  readonly clientCapabilities: ClientCapabilities;
  readonly auth: unknown;
  readonly logLevel: LoggingLevel | undefined;
  readonly sessionId: string | undefined;
  readonly notify: (method: string, params?: Record<string, unknown>) => void;
  readonly #owner: CallerSession;

  constructor(
    owner: CallerSession,
    hs: Handshake,
    auth: unknown,
    notify: (method: string, params?: Record<string, unknown>) => void,
  ) {
    this.#owner = owner;
    this.revision = hs.revision;
    this.clientInfo = hs.clientInfo;
    this.clientCapabilities = hs.capabilities;
    this.auth = auth;
    this.logLevel = hs.logLevel;
    this.sessionId = owner.sessionId;
    this.notify = notify;
  }

  get session(): SessionState {
    return this.#owner.state;
  }
}

/**
 * The state `initialize` opens, its params already checked against the
 * method table: the revision negotiated (-32602 naming the supported
 * versions when there is none), and what the server advertises for it.
 */
export function openHandshake(server: ServerView, params: Readonly<Record<string, unknown>>): Handshake {
  const requested = params['protocolVersion'] as string;
  const revision = negotiateHandshake(requested, server.revisions);
  if (revision === undefined) {
    const supported = statelessRevisions(server);
    throw RpcError.invalidParams(
      `This server does not speak the initialize handshake; supported versions: ${supported.join(', ')}`,
      { supported, requested },
    );
  }
  const advertised = server.capabilities(revision);
  return {
    revision,
    clientInfo: params['clientInfo'] as Implementation,
    capabilities: params['capabilities'] as ClientCapabilities,
    advertised,
    // A server that does not offer logging sends no log messages.
    logLevel: advertised.logging === undefined ? undefined : server.defaultLogLevel,
    initialized: false,
    subscriptions: undefined,
  };
}

/** The handshake state as another process restores it. */
export function toSnapshot(hs: Handshake): SessionSnapshot {
  return {
    revision: hs.revision,
    ...(hs.clientInfo !== undefined && { clientInfo: hs.clientInfo }),
    capabilities: hs.capabilities,
    advertised: hs.advertised,
    ...(hs.logLevel !== undefined && { logLevel: hs.logLevel }),
    initialized: hs.initialized,
    subscriptions: hs.subscriptions === undefined ? [] : [...hs.subscriptions],
  };
}

/** The handshake state another process's snapshot describes. */
export function fromSnapshot(s: SessionSnapshot): Handshake {
  return {
    revision: s.revision,
    clientInfo: s.clientInfo,
    capabilities: s.capabilities,
    advertised: s.advertised,
    logLevel: s.logLevel,
    initialized: s.initialized,
    subscriptions: s.subscriptions.length === 0 ? undefined : new Set(s.subscriptions),
  };
}

/**
 * The methods only the handshake era has, acting on `hs`; `changed` is told
 * after each change of state (to share it). Undefined for any other method.
 */
export function handshakeMethod(method: string, hs: Handshake, changed: () => void): MethodHandler | undefined {
  switch (method) {
    case 'ping':
      return () => Promise.resolve({});
    case 'logging/setLevel':
      return ({ params }) => {
        const level = params['level'];
        if (!isLogLevel(level)) throw RpcError.invalidParams(`Unknown logging level: ${String(level)}`);
        hs.logLevel = level;
        changed();
        return Promise.resolve({});
      };
    case 'resources/subscribe':
      return ({ params }) => {
        (hs.subscriptions ??= new Set()).add(params['uri'] as string);
        changed();
        return Promise.resolve({});
      };
    case 'resources/unsubscribe':
      return ({ params }) => {
        hs.subscriptions?.delete(params['uri'] as string);
        changed();
        return Promise.resolve({});
      };
    default:
      return undefined;
  }
}
