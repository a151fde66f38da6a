/**
 * The handshake era's standalone `GET` stream, on which the server sends
 * requests and notifications unrelated to any client request. It is opened
 * after `notifications/initialized`, kept open (reconnecting, honouring the
 * server's `retry`, resuming with `Last-Event-ID`), and given up quietly when
 * the server offers none (405).
 *
 * @see 2025-11-25 `basic/transports.mdx#listening-for-messages-from-the-server`
 * @module
 */
import { type FetchContext } from './fetcher.js';
import type { ReconnectPolicy } from './reconnect.js';
import type { HandshakeSession } from './session.js';
/** What the server stream needs from its transport. */
export interface ServerStreamOptions {
    /** How requests are made. */
    readonly context: FetchContext;
    /** The MCP endpoint. */
    readonly url: URL;
    /** Delays and retry limit of reconnection. */
    readonly policy: ReconnectPolicy;
    /** Supplies the session headers of each `GET`. */
    readonly session: HandshakeSession;
    /** The transport's close signal. */
    readonly signal: AbortSignal;
    /** Receives each message's text. */
    readonly receive: (text: string) => void;
    /** The session expired: re-establish it (which reopens this stream). */
    readonly expired: (sessionId: string) => Promise<void>;
    /** Reports a stream given up for a reason other than "the server has none". */
    readonly warn: (message: string) => void;
}
/** The standalone server-to-client stream of a handshake-era session. */
export declare class ServerStream {
    #private;
    constructor(options: ServerStreamOptions);
    /** Opens the stream unless it is open, or the server said it has none. */
    open(): void;
    /** Closes the stream (the session is being replaced, or the transport closes). */
    stop(): void;
    /** One `GET` of the stream; with an event id, it resumes the stream that id belongs to (a request's stream too). */
    resume(lastEventId: string | undefined, signal: AbortSignal): Promise<Response>;
}
//# sourceMappingURL=serverStream.d.ts.map