/**
 * Follows one SSE stream to its end, resuming it when it drops: remembers the
 * stream's last event id and reconnects with `GET` + `Last-Event-ID`, waiting
 * the server's `retry` (SEP-1699) and backing off on failures.
 *
 * @see 2025-11-25 `basic/transports.mdx#resumability-and-redelivery`
 * @module
 */
import { discard, mediaType } from './fetcher.js';
import { HttpTransportError, statusError } from './httpError.js';
import { reconnectDelay, sleep, type ReconnectPolicy } from './reconnect.js';
import { SseParser } from './sseParser.js';

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
export async function followStream(first: Response, options: FollowOptions): Promise<void> {
  const state = { lastEventId: undefined as string | undefined, retryMs: undefined as number | undefined };
  let response = first;
  for (;;) {
    const parser = new SseParser(
      {
        event: (event) => {
          if (event.type === 'message' && event.data.trim() !== '') options.onMessage(event.data);
        },
        retry: (ms) => {
          state.retryMs = ms;
        },
      },
      state.lastEventId,
    );
    let broken: unknown;
    try {
      if ((await readBody(response, parser, options.done)) === 'stopped') return;
    } catch (error) {
      if (options.signal.aborted) throw error;
      broken = error;
    }
    state.lastEventId = parser.lastEventId;
    if (options.done()) return;
    if (options.reconnect === undefined || (options.needsEventId && state.lastEventId === undefined)) {
      if (broken === undefined) return;
      const reason = broken instanceof Error ? broken.message : 'read failed';
      throw new HttpTransportError(undefined, `SSE stream broke and cannot be resumed: ${reason}`, { cause: broken });
    }
    response = await reopen(options, options.reconnect, state);
  }
}

/** Statuses worth another attempt: the server is busy, or still holds the dropped connection (409). */
function retryable(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

async function reopen(
  options: FollowOptions,
  reconnect: NonNullable<FollowOptions['reconnect']>,
  state: { readonly lastEventId: string | undefined; readonly retryMs: number | undefined },
): Promise<Response> {
  let failures = 0;
  let last: unknown;
  for (;;) {
    if (failures > options.policy.maxRetries) {
      const status = last instanceof HttpTransportError ? last.status : undefined;
      throw new HttpTransportError(status, `Could not resume the SSE stream after ${String(failures)} attempts`, { cause: last });
    }
    await sleep(reconnectDelay(options.policy, failures, state.retryMs), options.signal);
    let response: Response;
    try {
      response = await reconnect(state.lastEventId, options.signal);
    } catch (error) {
      if (options.signal.aborted) throw error;
      failures++;
      last = error;
      continue;
    }
    if (response.ok && mediaType(response) === 'text/event-stream') return response;
    discard(response);
    const error = statusError(response.status, response.statusText, undefined, 'GET (resume SSE stream)');
    if (response.ok || !retryable(response.status)) throw error;
    failures++;
    last = error;
  }
}

/** Reads a body into the parser; stops early (and cancels the body) once `stop()` is true. */
async function readBody(response: Response, parser: SseParser, stop: () => boolean): Promise<'ended' | 'stopped'> {
  const body = response.body;
  if (body === null) return 'ended';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) {
      parser.push(decoder.decode());
      parser.end();
      return 'ended';
    }
    parser.push(decoder.decode(chunk.value, { stream: true }));
    if (stop()) {
      reader.cancel().catch(() => undefined);
      return 'stopped';
    }
  }
}
