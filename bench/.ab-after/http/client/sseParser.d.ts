/**
 * A Server-Sent Events parser: the WHATWG "event stream interpretation", fed
 * text in chunks of any size. Lines may end in CRLF, LF or CR, and a chunk may
 * end anywhere, even between the CR and the LF of one line break.
 *
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
 * @module
 */
/** One dispatched event. */
export interface SseEvent {
    /** The event type (`message` when the server named none). */
    readonly type: string;
    /** The data lines, joined with `\n`. */
    readonly data: string;
    /** The stream's last event id at dispatch (ids persist across events, as in `EventSource`). */
    readonly id: string | undefined;
}
/** What the parser reports. */
export interface SseHandlers {
    /** An event with data was dispatched. */
    event(event: SseEvent): void;
    /** The server set the reconnection time (a `retry:` field of digits only). */
    retry?(ms: number): void;
}
/** Incremental parser for one stream. */
export declare class SseParser {
    #private;
    constructor(handlers: SseHandlers, lastEventId?: string);
    /** The id of the last fully received event (an event whose data was empty counts: that is how servers prime a resumable stream). */
    get lastEventId(): string | undefined;
    /** How many events ended (blank line), with or without data. */
    get eventCount(): number;
    /** Feeds the next chunk of text. */
    push(chunk: string): void;
    /** The stream ended: an event without its closing blank line is discarded, as the spec requires. */
    end(): void;
}
//# sourceMappingURL=sseParser.d.ts.map