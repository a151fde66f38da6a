import type { JsonRpcPayload } from '../jsonrpc/message.js';
import type { Transport, TransportSink } from '../jsonrpc/transport.js';
import type { HttpExchange, StreamWriter } from './exchange.js';
import { type HandlerScope } from './handlerScope.js';
import type { SessionEntry } from './sessionTable.js';
/** One 2024-11-05 session: its stream is its life. */
export declare class LegacySseSession implements Transport, SessionEntry {
    #private;
    readonly id: string;
    readonly principal: string | undefined;
    lastActive: number;
    constructor(id: string, principal: string | undefined);
    /** Busy while its stream is open; it closes when the stream does. */
    get busy(): boolean;
    /** Binds the session to its stream. */
    attach(writer: StreamWriter): void;
    /** Hands a POSTed message to the server. */
    receive(message: object, exchange: HttpExchange): void;
    start(sink: TransportSink): Promise<void>;
    send(payload: JsonRpcPayload): Promise<void>;
    close(): Promise<void>;
}
/** `GET /sse`: opens a session and its stream, and announces the POST endpoint. */
export declare function legacyOpen(scope: HandlerScope, exchange: HttpExchange): Promise<void>;
/** `POST /messages?sessionId=…`: one message (or batch) for the session; answers arrive on its stream. */
export declare function legacyPost(scope: HandlerScope, exchange: HttpExchange): Promise<void>;
//# sourceMappingURL=legacySse.d.ts.map