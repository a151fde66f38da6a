/**
 * The wire log's entries: every JSON-RPC message in either direction, each
 * HTTP exchange under it, and a stdio server's stderr. Plain data, shared by
 * the inspector server (which makes them) and the browser (which shows them).
 *
 * @module
 */

/** Which way an entry went, seen from the inspector's client. */
export type Direction = 'out' | 'in';

/** One JSON-RPC message (or batch) as sent or received. */
export interface MessageEntry {
  readonly kind: 'message';
  readonly seq: number;
  /** When, in ms since the epoch (fractional). */
  readonly t: number;
  readonly dir: Direction;
  /** The message as JSON; a frame that was not JSON is kept as its text. */
  readonly message: unknown;
  /**
   * Set on MCP Apps bridge traffic: the app's `ui://` URI. `out` went from
   * the inspector (the host) to the app, `in` from the app.
   */
  readonly app?: string;
}

/** One HTTP request and the status and headers of its reply. */
export interface HttpEntry {
  readonly kind: 'http';
  readonly seq: number;
  readonly t: number;
  readonly method: string;
  readonly url: string;
  readonly status: number | undefined;
  /** The request's headers (credentials masked) and the reply's headers the MCP transports read. */
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly responseHeaders: Readonly<Record<string, string>>;
  /** Why the request failed before a reply. */
  readonly error?: string;
}

/** Text a stdio server wrote to stderr. */
export interface StderrEntry {
  readonly kind: 'stderr';
  readonly seq: number;
  readonly t: number;
  readonly text: string;
}

/** One line of the wire log. */
export type WireEntry = MessageEntry | HttpEntry | StderrEntry;

/** What the log shows of a JSON-RPC message. */
export interface MessageSummary {
  readonly type: 'request' | 'notification' | 'response' | 'error' | 'batch' | 'invalid';
  readonly method: string | undefined;
  readonly id: string | number | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Classifies a message: request, notification, response, error, batch, or not JSON-RPC at all. */
export function summarize(message: unknown): MessageSummary {
  if (Array.isArray(message)) return { type: 'batch', method: undefined, id: undefined };
  if (!isRecord(message)) return { type: 'invalid', method: undefined, id: undefined };
  const id = typeof message['id'] === 'string' || typeof message['id'] === 'number' ? message['id'] : undefined;
  const method = typeof message['method'] === 'string' ? message['method'] : undefined;
  if (method !== undefined) return { type: id === undefined ? 'notification' : 'request', method, id };
  if ('error' in message) return { type: 'error', method: undefined, id };
  if ('result' in message) return { type: 'response', method: undefined, id };
  return { type: 'invalid', method: undefined, id };
}
