/**
 * Follows one SSE stream to its end, resuming it when it drops: remembers the
 * stream's last event id and reconnects with `GET` + `Last-Event-ID`, waiting
 * the server's `retry` (SEP-1699) and backing off on failures.
 *
 * @see 2025-11-25 `basic/transports.mdx#resumability-and-redelivery`
 * @module
 */
import { isOk, mediaType, type HttpReply } from './httpClient.js';
import { HttpTransportError, statusError } from './transportError.js';
import { reconnectDelay, sleep, type ReconnectPolicy } from './reconnect.js';
import { discard } from './send.js';
import { MediaType } from '../wire/headers.js';
import { EventType } from '../wire/sse.js';
import { SseParser } from '../wire/sseParser.js';

/** How to follow a stream. */
export interface FollowOptions {
  /** Receives the data of each `message` event (blank data, as in priming events, is skipped). */
  readonly onMessage: (data: string) => void;
  /** True once the stream has delivered what it was opened for; reading stops then. */
  readonly done: () => boolean;
  /** Reopens the stream (`GET` with `Last-Event-ID` when an id is known). Absent: the stream is not resumable. */
  readonly reconnect?: (lastEventId: string | undefined, signal: AbortSignal) => Promise<HttpReply>;
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
export async function followStream(first: HttpReply, options: FollowOptions): Promise<void> {
  const state = { lastEventId: undefined as string | undefined, retryMs: undefined as number | undefined };
  let reply = first;
  for (;;) {
    const parser = new SseParser(
      {
        event: (event) => {
          if (event.type === EventType.Message && event.data.trim() !== '') options.onMessage(event.data);
        },
        retry: (ms) => {
          state.retryMs = ms;
        },
      },
      state.lastEventId,
    );
    let broken: unknown;
    try {
      if ((await readBody(reply, parser, options.done)) === 'stopped') return;
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
    reply = await reopen(options, options.reconnect, state);
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
): Promise<HttpReply> {
  let failures = 0;
  let last: unknown;
  for (;;) {
    if (failures > options.policy.maxRetries) {
      const status = last instanceof HttpTransportError ? last.status : undefined;
      throw new HttpTransportError(status, `Could not resume the SSE stream after ${String(failures)} attempts`, { cause: last });
    }
    await sleep(reconnectDelay(options.policy, failures, state.retryMs), options.signal);
    let reply: HttpReply;
    try {
      reply = await reconnect(state.lastEventId, options.signal);
    } catch (error) {
      if (options.signal.aborted) throw error;
      failures++;
      last = error;
      continue;
    }
    if (isOk(reply) && mediaType(reply) === MediaType.EventStream) return reply;
    discard(reply);
    const error = statusError(reply.status, reply.statusText, undefined, 'GET (resume SSE stream)');
    if (isOk(reply) || !retryable(reply.status)) throw error;
    failures++;
    last = error;
  }
}

/** Reads a body into the parser; stops early (and cancels the body) once `stop()` is true. */
async function readBody(reply: HttpReply, parser: SseParser, stop: () => boolean): Promise<'ended' | 'stopped'> {
  let stopped = stop();
  if (!stopped) {
    await reply.read((text) => {
      if (stopped) return;
      parser.push(text);
      stopped = stop();
      if (stopped) reply.cancel();
    });
  }
  if (stopped) {
    reply.cancel();
    return 'stopped';
  }
  parser.end();
  return 'ended';
}
