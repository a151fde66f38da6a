/**
 * Reading a streamed model answer: the response body's bytes decoded and fed
 * to the SSE parser (`mcpkit/http`'s), each event handed to the adapter. A
 * broken connection is a `network` failure; an abort is `CANCELLED`.
 *
 * @module
 */
import { SseParser, type HttpReply, type SseEvent } from '../../http/index.js';
import { LocalError } from '../../jsonrpc/index.js';
import { ModelApiError } from '../errors.js';

/** Feeds every event of `response`'s body to `onEvent`; resolves at the end of the stream. */
export async function readEventStream(
  provider: string,
  response: HttpReply,
  onEvent: (event: SseEvent) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  const parser = new SseParser({ event: onEvent });
  try {
    await response.read((text) => {
      parser.push(text);
    });
    parser.end();
  } catch (error) {
    response.cancel();
    if (signal?.aborted === true) throw new LocalError('CANCELLED', 'The model call was cancelled');
    if (error instanceof LocalError) throw error;
    throw new ModelApiError(
      provider,
      'network',
      `the streamed answer broke off: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  if (signal?.aborted === true) throw new LocalError('CANCELLED', 'The model call was cancelled');
}

/** Parses an event's JSON data, or fails as a `protocol` error naming the event. */
export function eventJson(provider: string, event: SseEvent): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(event.data);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  throw new ModelApiError(provider, 'protocol', `the stream sent an unreadable ${event.type} event: ${event.data.slice(0, 200)}`);
}

/** A non-streamed answer's JSON object (a compatible server may ignore `stream`). */
export async function jsonBody(provider: string, response: HttpReply): Promise<Record<string, unknown>> {
  const text = await response.text();
  const value = (() => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  })();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new ModelApiError(provider, 'protocol', `the answer is neither an event stream nor a JSON object: ${text.slice(0, 200)}`);
}

/** A field that should be a string: itself, or `fallback` when it is anything else. */
export function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}
