import { type ReconnectPolicy } from './reconnect.js';
/** How to follow a stream. */
export interface FollowOptions {
    /** Receives the data of each `message` event (blank data, as in priming events, is skipped). */
    readonly onMessage: (data: string) => void;
    /** True once the stream has delivered what it was opened for; reading stops then. */
    readonly done: () => boolean;
    /** Reopens the stream (`GET` with `Last-Event-ID` when an id is known). Absent: the stream is not resumable. */
    readonly reconnect?: (lastEventId: string | undefined, signal: AbortSignal) => Promise<Response>;
    /** Resume only with an event id (a request's stream); the standalone GET stream reopens without one too. */
    readonly needsEventId: boolean;
    /** Delays and retry limit of reconnection. */
    readonly policy: ReconnectPolicy;
    /** Aborts reading and any pending reconnection. */
    readonly signal: AbortSignal;
}
/**
 * Reads `first`, and its resumptions, until `done()`, a clean end that cannot
 * be resumed, or abort. Rejects with `HttpTransportError` when the stream broke
 * and could not be resumed, or with the abort reason.
 */
export declare function followStream(first: Response, options: FollowOptions): Promise<void>;
//# sourceMappingURL=sseStream.d.ts.map