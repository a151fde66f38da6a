/**
 * The implementation of {@link ServerContext}: one per request, built by the
 * session from the handshake state or from the request's own `_meta`.
 *
 * @module
 */
import type { RequestContext } from '../jsonrpc/incoming.js';
import type { RequestId } from '../jsonrpc/message.js';
import type { ClientCapabilities, CreateMessageParams, CreateMessageResult, ElicitParams, ElicitResult, Implementation, ListRootsResult, LoggingLevel, ReadResourceResult } from '../protocol/types/index.js';
import type { Era, Revision } from '../protocol/versions.js';
import type { AskOptions, InputChannel, ServerContext, SessionState } from './context.js';
/** RFC 5424 severities, lowest first. */
export declare const LOG_LEVELS: readonly LoggingLevel[];
/** True for a valid logging level. */
export declare function isLogLevel(value: unknown): value is LoggingLevel;
/** Who is calling and how, as the session determined it. */
export interface Caller {
    readonly revision: Revision;
    readonly era: Era;
    readonly clientInfo: Implementation | undefined;
    readonly clientCapabilities: ClientCapabilities;
    readonly auth: unknown;
    /** The least severe level to send; `undefined`: send no log messages. */
    readonly logLevel: LoggingLevel | undefined;
    readonly session: SessionState;
    readonly sessionId: string | undefined;
    /** Sends a notification on the session, unrelated to the request (handshake era only). */
    readonly notify: ((method: string, params?: Record<string, unknown>) => void) | undefined;
}
/** What the scope needs from the server. */
export interface ScopeHost {
    readonly state: unknown;
    principal(auth: unknown): string | undefined;
    readResource(uri: string, ctx: ServerContext): Promise<ReadResourceResult>;
}
/** One request's context. */
export declare class RequestScope implements ServerContext {
    #private;
    readonly meta: Readonly<Record<string, unknown>> | undefined;
    constructor(rpc: RequestContext, caller: Caller, host: ScopeHost, channel: InputChannel, meta: Readonly<Record<string, unknown>> | undefined);
    get revision(): Revision;
    get era(): Era;
    get requestId(): RequestId;
    get method(): string;
    get clientInfo(): Implementation | undefined;
    get clientCapabilities(): ClientCapabilities;
    get auth(): unknown;
    get transport(): unknown;
    get principal(): string | undefined;
    get state(): unknown;
    get session(): SessionState;
    get sessionId(): string | undefined;
    /** Fires on peer cancellation, connection close, or when the server stops the handler. */
    get signal(): AbortSignal;
    /** Stops the handler (its signal fires): the request was answered without it. */
    stop(reason: unknown): void;
    progress(progress: number, total?: number, message?: string): Promise<void>;
    log(level: LoggingLevel, data: unknown, logger?: string): Promise<void>;
    elicit(params: ElicitParams, options?: AskOptions): Promise<ElicitResult>;
    sample(params: CreateMessageParams, options?: AskOptions): Promise<CreateMessageResult>;
    listRoots(options?: AskOptions): Promise<ListRootsResult>;
    completeElicitation(elicitationId: string): void;
    readResource(uri: string): Promise<ReadResourceResult>;
}
/** The request's `_meta`, if it is an object. */
export declare function metaOf(params: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> | undefined;
//# sourceMappingURL=scope.d.ts.map