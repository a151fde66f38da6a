/**
 * One logical stream of a handshake-era session (2025-03-26 … 2025-11-25):
 * the answer to one POST, or the standalone GET stream. A POST's answer stays
 * undecided until the first message: the final response alone becomes a plain
 * JSON body; anything before it (progress, logs, a request to the client)
 * turns the answer into an SSE stream. SSE events are numbered and stored, so
 * the stream outlives its connection: the client resumes it with GET and
 * `Last-Event-ID`, even after the server closed the connection on purpose
 * (2025-11-25 polling).
 *
 * @module
 */
import type { RequestId } from '../jsonrpc/message.js';
import type { EventStore } from './eventStore.js';
import type { HeaderMap, HttpExchange } from './exchange.js';
import type { KeepAlive } from './keepAlive.js';
/** What a stream needs from its session. */
export interface StreamHost {
    readonly store: EventStore;
    readonly keepAlive: KeepAlive;
    readonly retryMs: number;
    /** Whether SSE streams start with a priming event (sessions of 2025-11-25 and later). */
    readonly priming: boolean;
    /** The store key of stream `no`. */
    key(no: number): string;
    /** Records activity (idle expiry). */
    touch(): void;
    /** The stream delivered its last response. */
    finished(stream: SessionStream): void;
}
/** The wire id of event `seq` of stream `no`: it names the stream, so a replay never crosses streams. */
export declare function eventId(no: number, seq: number): string;
/** Parses an event id made by {@link eventId}. */
export declare function parseEventId(id: string): {
    readonly no: number;
    readonly seq: number;
} | undefined;
/** A resumable stream of one session. */
export declare class SessionStream {
    #private;
    /** The stream's number within its session (0: the standalone GET stream). */
    readonly no: number;
    /** @param exchange the POST whose answer this is (undefined for the GET stream). */
    constructor(host: StreamHost, no: number, pending: readonly RequestId[], exchange: HttpExchange | undefined, headers?: HeaderMap);
    /** True while a client connection is attached (or the POST is still waiting for its answer). */
    get connected(): boolean;
    /** True while a resumed connection is being replayed to. */
    get replaying(): boolean;
    /** Sends a serialized message; `completes` are the requests it answers. */
    push(data: string, completes: readonly RequestId[]): void;
    /**
     * The client cancelled request `id` (`notifications/cancelled`): no response
     * will come, so the stream ends once nothing else is pending on it.
     */
    abandon(id: RequestId): void;
    /** Attaches a GET connection to the standalone stream (no replay). */
    attach(exchange: HttpExchange): void;
    /**
     * Closes the client's connection without ending the stream (the server polls
     * the client: it reconnects after `retry` with `Last-Event-ID`).
     */
    disconnect(): void;
    /** Resumes on a new connection: replays the events after `afterSeq`, then goes on live. */
    resume(exchange: HttpExchange, afterSeq: number): Promise<void>;
    /** The session closed: answer a waiting POST, end the connection. */
    close(): void;
}
//# sourceMappingURL=sessionStream.d.ts.map