/**
 * Server-Sent Events framing: one function per kind of frame, each returning
 * the exact text written to the wire (one write per event).
 *
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html
 * @module
 */
import type { HeaderMap } from './exchange.js';
/** Headers of every SSE response (`X-Accel-Buffering: no` keeps proxies such as nginx from buffering). */
export declare const SSE_HEADERS: HeaderMap;
/** Headers of a JSON response. */
export declare const JSON_HEADERS: HeaderMap;
/** A `message` event carrying one JSON-RPC payload (already serialized: it contains no raw newline). */
export declare function messageEvent(data: string, id?: string): string;
/** A named event with text data (the 2024-11-05 `endpoint` event). */
export declare function namedEvent(event: string, data: string): string;
/**
 * The priming event of 2025-11-25 (SEP-1699): an id and empty data, so the
 * client can reconnect with `Last-Event-ID` even before any message arrived,
 * and the `retry` delay it must wait before reconnecting.
 */
export declare function primingEvent(id: string, retryMs: number): string;
/** A comment line: ignored by clients, keeps intermediaries from timing the stream out. */
export declare const KEEP_ALIVE = ": keep-alive\n\n";
//# sourceMappingURL=sse.d.ts.map