/**
 * One model call on the wire, the same for every provider: POST the body
 * (with retries, `request.ts`), then read the answer, streamed (SSE events
 * handed to the provider's reader) or whole (a compatible server that ignored
 * `stream`), into a {@link StreamedAnswer}.
 *
 * @module
 */
import type { HttpClient, SseEvent } from '../../http/index.js';
import { ModelApiError } from '../errors.js';
import { jsonBody, readEventStream } from './eventStream.js';
import { postJson } from './request.js';
import { StreamedAnswer } from './streamedAnswer.js';
import type { ModelCallOptions, ModelResponse } from './types.js';

/** How every provider is reached. */
export interface ApiOptions {
  /** The key. */
  readonly apiKey?: string | undefined;
  /** The API's base URL. */
  readonly baseUrl?: string | undefined;
  /** Retries on 408/409/429/5xx (default 2). */
  readonly maxRetries?: number | undefined;
  /** Extra headers for every request. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** What carries the requests (default: `fetch`; the Node host passes `node:http`). */
  readonly httpClient?: HttpClient | undefined;
}

/** How one provider reads its answers. */
export interface AnswerReader {
  readonly provider: string;
  /** One streamed event. */
  event(answer: StreamedAnswer, event: SseEvent): void;
  /** A whole answer. */
  message(answer: StreamedAnswer, body: Record<string, unknown>): void;
  /** What the stream must have said for it to be complete (undefined: its end is enough). */
  readonly endEvent?: string;
}

/** One POST to `url`, its answer read by `reader`. */
export async function callModel(
  url: string,
  request: {
    readonly headers: Record<string, string>;
    readonly body: unknown;
    readonly model: string;
    readonly authHint: string;
  },
  api: ApiOptions,
  reader: AnswerReader,
  call: ModelCallOptions,
): Promise<ModelResponse> {
  const response = await postJson(url, { accept: 'text/event-stream', ...request.headers, ...api.headers }, request.body, {
    provider: reader.provider,
    authHint: request.authHint,
    maxRetries: api.maxRetries,
    httpClient: api.httpClient,
    signal: call.signal,
    onRetry: call.onRetry,
  });
  const answer = new StreamedAnswer(request.model, call.onTextDelta);
  if (!(response.header('content-type') ?? '').includes('text/event-stream')) {
    reader.message(answer, await jsonBody(reader.provider, response));
    return answer.finish();
  }
  await readEventStream(
    reader.provider,
    response,
    (event) => {
      reader.event(answer, event);
    },
    call.signal,
  );
  if (reader.endEvent !== undefined && !answer.ended)
    throw new ModelApiError(reader.provider, 'network', `the stream ended before ${reader.endEvent}`);
  return answer.finish();
}
