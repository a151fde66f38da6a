import type { JsonRpcPayload, RequestId } from '../jsonrpc/message.js';
import type { SendOptions, Transport, TransportSink } from '../jsonrpc/transport.js';
import type { ServerSession } from '../server/session.js';
import type { EventStore } from './eventStore.js';
import type { HeaderMap, HttpExchange } from './exchange.js';
import { HttpError } from './httpError.js';
import type { KeepAlive } from './keepAlive.js';
import { SessionStream, type StreamHost } from './sessionStream.js';
/** What a session shares with its handler. */
export interface SessionDeps {
    readonly store: EventStore;
    readonly keepAlive: KeepAlive;
    readonly retryMs: number;
}
/** One session: a transport for the server, streams for the client. */
export declare class HttpSession implements Transport, StreamHost {
    #private;
    /** The session id (`Mcp-Session-Id`). */
    readonly id: string;
    /** Who opened the session (the server's principal of its auth); later requests must match. */
    readonly principal: string | undefined;
    /** The server side, once connected. */
    server: ServerSession | undefined;
    /** The id of the `initialize` request that opened the session, until it is answered. */
    initializing: RequestId | undefined;
    /** When the session last saw activity (ms since the epoch). */
    lastActive: number;
    readonly store: EventStore;
    readonly keepAlive: KeepAlive;
    readonly retryMs: number;
    constructor(id: string, principal: string | undefined, deps: SessionDeps);
    get priming(): boolean;
    /** True while a client connection is open on any stream (a session in use is never idle). */
    get busy(): boolean;
    get closed(): boolean;
    key(no: number): string;
    touch(): void;
    finished(stream: SessionStream): void;
    start(sink: TransportSink): Promise<void>;
    send(payload: JsonRpcPayload, options?: SendOptions): Promise<void>;
    close(): Promise<void>;
    /** Takes a POSTed message (or batch); `requests` are the ids of its requests, answered on `exchange`. */
    post(exchange: HttpExchange, message: object, requests: readonly RequestId[], headers?: HeaderMap): HttpError | undefined;
    /** A GET: the standalone stream, or the resumption of any stream after `lastEventId`. */
    get(exchange: HttpExchange, lastEventId: string | undefined): Promise<HttpError | undefined>;
    /**
     * Closes the client connection carrying request `id`'s answer, without ending
     * its stream (polling). Only 2025-11-25 sessions, whose streams start with a
     * priming event id, can resume; false for others or for unknown requests.
     */
    disconnect(id: RequestId): boolean;
}
//# sourceMappingURL=httpSession.d.ts.map