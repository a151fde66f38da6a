/**
 * One connection's client side: the JSON-RPC connection, what negotiation
 * settled (revision, server info and capabilities), the request `_meta` of the
 * modern era, and the legacy era's server-to-client requests. `McpClient`
 * keeps one session per connection; everything that outlives a connection
 * (subscriptions, notification handlers) lives in the client.
 *
 * @module
 */
import { Connection } from '../jsonrpc/connection.js';
import { LocalError } from '../jsonrpc/localError.js';
import type { Params, RequestId } from '../jsonrpc/message.js';
import type { RequestOptions } from '../jsonrpc/pending.js';
import type { Transport } from '../jsonrpc/transport.js';
import type { ClientCapabilities, DiscoverResult, Implementation, LoggingLevel, ServerCapabilities } from '../protocol/types/index.js';
import { type Revision } from '../protocol/versions.js';
import type { ClientEra, InputContext } from './options.js';
import { type InputResponder } from './inputs.js';
/** What negotiation settled. */
export interface Negotiated {
    readonly revision: Revision;
    readonly serverInfo: Implementation | undefined;
    readonly serverCapabilities: ServerCapabilities;
    readonly instructions: string | undefined;
    /** Modern era: the `server/discover` result negotiation got (it seeds the cache). */
    readonly discovered?: DiscoverResult;
}
/** Who the client is, for `initialize` and the modern request `_meta`. */
export interface ClientIdentity {
    readonly info: Implementation;
    readonly capabilities: ClientCapabilities;
    /** The log level requested with `setLoggingLevel` (modern: sent on every request). */
    readonly logLevel: () => LoggingLevel | undefined;
}
/** What the session reports to its client. */
export interface SessionHooks {
    readonly identity: ClientIdentity;
    readonly inputs: InputResponder;
    readonly onNotification: (method: string, params: Readonly<Record<string, unknown>>) => void;
    readonly onClose: (session: ClientSession, error?: Error) => void;
    readonly onError: (error: LocalError) => void;
    readonly timeoutMs: number | undefined;
    readonly maxTotalTimeoutMs: number | undefined;
}
/** The client side of one connection. */
export declare class ClientSession {
    #private;
    readonly connection: Connection;
    constructor(transport: Transport, hooks: SessionHooks);
    /** Who the client is. */
    get identity(): ClientIdentity;
    /** True until the connection closes. */
    get isOpen(): boolean;
    /** What negotiation settled; throws before it finished. */
    get negotiated(): Negotiated;
    /** The negotiated era, if negotiation finished. */
    get era(): ClientEra | undefined;
    /** Records what negotiation settled. */
    settle(negotiated: Negotiated): void;
    /** Starts the connection. */
    start(): Promise<void>;
    /** The request `_meta` of the modern era at `revision`, merged over the caller's own `_meta`. */
    meta(revision: Revision, own?: unknown): Readonly<Record<string, unknown>>;
    /** Params as sent: in the modern era with the request `_meta`. */
    paramsFor(params: Readonly<Record<string, unknown>> | undefined): Readonly<Record<string, unknown>> | undefined;
    /** Sends one request (the `_meta` added in the modern era). */
    send(method: string, params: Readonly<Record<string, unknown>> | undefined, options?: RequestOptions): Promise<unknown>;
    /** Sends one request and returns its promise with its JSON-RPC id (a subscription's id). */
    sendWithId(method: string, params: Readonly<Record<string, unknown>> | undefined, options?: RequestOptions): {
        readonly promise: Promise<unknown>;
        readonly id: RequestId | undefined;
    };
    /** Sends a notification. */
    notify(method: string, params?: Params): Promise<void>;
    /** Closes the connection. */
    close(): Promise<void>;
    /** The context handlers of the legacy era's server requests see. */
    inputContext(signal: AbortSignal): InputContext;
}
//# sourceMappingURL=session.d.ts.map