/**
 * Reading the answer to a request the transport sends on its own behalf (a
 * replayed `initialize`, a `tools/list` to refresh header annotations): the
 * response with the request's id, from a JSON or SSE body. Nothing else on
 * that body belongs to any caller, so it is dropped.
 *
 * @module
 */
import type { JsonRpcMessage, RequestId } from '../../jsonrpc/message.js';
import { mediaType } from './fetcher.js';
import { HttpTransportError, readErrorBody, statusError } from './httpError.js';
import type { ReconnectPolicy } from './reconnect.js';
import { followStream } from './sseStream.js';

/** The response to `id` carried by `response`; an HTTP error without a JSON-RPC answer rejects with `HttpTransportError`. */
export async function readAnswer(response: Response, id: RequestId, what: string, policy: ReconnectPolicy, signal: AbortSignal): Promise<JsonRpcMessage> {
  if (!response.ok) {
    const body = readErrorBody(await response.text().catch(() => ''), [id]);
    if (body.kind === 'answer' && body.responses[0] !== undefined) return body.responses[0];
    throw statusError(response.status, response.statusText, body.kind === 'none' ? body.detail : undefined, what);
  }
  let answer: JsonRpcMessage | undefined;
  const take = (text: string): void => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (typeof item === 'object' && item !== null && !('method' in item) && (item as { id?: unknown }).id === id) answer = item as JsonRpcMessage;
    }
  };
  if (mediaType(response) === 'text/event-stream') {
    await followStream(response, { onMessage: take, done: () => answer !== undefined, needsEventId: true, policy, signal });
  } else {
    take(await response.text());
  }
  if (answer === undefined) throw new HttpTransportError(response.status, `${what}: no response in the body`);
  return answer;
}
