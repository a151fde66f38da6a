/**
 * Server-Sent Events as MCP writes them: one function per kind of frame,
 * each returning the exact text written to the wire (one write per event),
 * the event types both sides know, and the headers of an event stream. The
 * reading side is `sseParser.ts`.
 *
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html
 * @module
 */
import { MediaType, type HeaderMap } from './headers.js';

/** The event types MCP uses: every JSON-RPC message is a `message`; HTTP+SSE announces its POST URL in an `endpoint`. */
export const EventType = {
  Message: 'message',
  Endpoint: 'endpoint',
} as const;

/** Headers of every SSE response (`X-Accel-Buffering: no` keeps proxies such as nginx from buffering). */
export const SSE_HEADERS: HeaderMap = {
  'content-type': MediaType.EventStream,
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

/** Headers of a JSON response (and of a JSON request body). */
export const JSON_HEADERS: HeaderMap = { 'content-type': MediaType.Json };

/** A `message` event carrying one JSON-RPC payload (already serialized: it contains no raw newline). */
export function messageEvent(data: string, id?: string): string {
  return id === undefined ? `event: message\ndata: ${data}\n\n` : `id: ${id}\nevent: message\ndata: ${data}\n\n`;
}

/** A named event with text data (the HTTP+SSE `endpoint` event). */
export function namedEvent(event: string, data: string): string {
  return `event: ${event}\ndata: ${data}\n\n`;
}

/**
 * The priming event of 2025-11-25 (SEP-1699): an id and empty data, so the
 * client can reconnect with `Last-Event-ID` even before any message arrived,
 * and the `retry` delay it must wait before reconnecting.
 */
export function primingEvent(id: string, retryMs: number): string {
  return `id: ${id}\nretry: ${retryMs}\ndata: \n\n`;
}

/** A comment line: ignored by clients, keeps intermediaries from timing the stream out. */
export const KEEP_ALIVE = ': keep-alive\n\n';
