/**
 * One connection's server side. Each request is classified on arrival: a
 * request whose `_meta` names a revision is served statelessly (2026-07-28);
 * `initialize` starts a handshake-era session; anything else needs that
 * session. So one stdio process serves both eras, and the HTTP transport can
 * run one session per handshake client or per stateless request.
 *
 * @module
 */
import { Connection } from '../jsonrpc/connection.js';
import type { Params } from '../jsonrpc/message.js';
import type { Transport } from '../jsonrpc/transport.js';
import type { ClientCapabilities, Implementation } from '../protocol/types/index.js';
import { type Revision } from '../protocol/versions.js';
import type { SessionState } from './context.js';
import type { ServerHost } from './host.js';
/** How a session treats requests. */
export type SessionMode = 
/** Both eras, request by request (stdio, in-memory). */
'auto'
/** Only stateless requests (a Streamable HTTP request that claims 2026-07-28). */
 | 'stateless';
/** Options of `server.connect()`. */
export interface ConnectOptions {
    /** Default `'auto'`. */
    readonly mode?: SessionMode;
    /** The transport's session id (Streamable HTTP). */
    readonly sessionId?: string;
    /** Called when the connection closes. */
    readonly onClose?: (session: ServerSession) => void;
    /** Connection tuning (timeouts of server-to-client requests). */
    readonly timeoutMs?: number;
}
/** The server side of one connection. */
export declare class ServerSession {
    #private;
    /** The JSON-RPC connection. */
    readonly connection: Connection;
    /** Handshake era: state kept for this session's lifetime (`ctx.session`). */
    readonly state: SessionState;
    /** The transport's session id, if it has one. */
    readonly sessionId: string | undefined;
    constructor(host: ServerHost, transport: Transport, options?: ConnectOptions);
    /** The revision negotiated at `initialize` (handshake era), if any. */
    get revision(): Revision | undefined;
    /** The client's info from `initialize`, if any. */
    get clientInfo(): Implementation | undefined;
    /** The client's capabilities from `initialize`, if any. */
    get clientCapabilities(): ClientCapabilities | undefined;
    /** Starts the connection. */
    start(): Promise<void>;
    /** Sends a notification to the client, unrelated to any request (handshake era). Failures are dropped. */
    notify(method: string, params?: Params): void;
    /** Waits until no request is in flight, or `ms` elapsed; true if idle. */
    drain(ms: number): Promise<boolean>;
    /** Closes the connection; requests still in flight are cancelled. */
    close(): Promise<void>;
}
//# sourceMappingURL=session.d.ts.map