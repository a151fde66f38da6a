/**
 * Reading the answer to a request the transport sends on its own behalf (a
 * replayed `initialize`, a `tools/list` to refresh header annotations): the
 * response with the request's id, from a JSON or SSE body. Nothing else on
 * that body belongs to any caller, so it is dropped.
 *
 * @module
 */
import type { JsonRpcMessage, RequestId } from '../../jsonrpc/message.js';
import { MediaType } from '../wire/headers.js';
import { isOk, mediaType, type HttpReply } from './httpClient.js';
import { HttpTransportError, readErrorBody, statusError } from './transportError.js';
import type { ReconnectPolicy } from './reconnect.js';
import { followStream } from './sseStream.js';

/** The response to `id` carried by `reply`; an HTTP error without a JSON-RPC answer rejects with `HttpTransportError`. */
export async function readAnswer(
  reply: HttpReply,
  id: RequestId,
  what: string,
  policy: ReconnectPolicy,
  signal: AbortSignal,
): Promise<JsonRpcMessage> {
  if (!isOk(reply)) {
    const body = readErrorBody(await reply.text().catch(() => ''), [id]);
    if (body.kind === 'answer' && body.responses[0] !== undefined) return body.responses[0];
    throw statusError(reply.status, reply.statusText, body.kind === 'none' ? body.detail : undefined, what);
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
      if (typeof item === 'object' && item !== null && !('method' in item) && (item as { id?: unknown }).id === id)
        answer = item as JsonRpcMessage;
    }
  };
  if (mediaType(reply) === MediaType.EventStream) {
    await followStream(reply, { onMessage: take, done: () => answer !== undefined, needsEventId: true, policy, signal });
  } else {
    take(await reply.text());
  }
  if (answer === undefined) throw new HttpTransportError(reply.status, `${what}: no response in the body`);
  return answer;
}
