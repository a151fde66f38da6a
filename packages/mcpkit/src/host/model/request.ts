/**
 * Posting to a model API: retries on 408, 409, 429 and 5xx (and whatever
 * `x-should-retry` says) with exponential backoff that honours `retry-after`
 * and `retry-after-ms`, as the official SDKs do; a 401/403 is a clear
 * authentication error, never a retry loop; every wait is cancellable.
 *
 * @module
 */
import { FetchHttpClient, type HttpClient, type HttpReply } from '../../http/index.js';
import { LocalError } from '../../jsonrpc/index.js';
import { ModelApiError } from '../errors.js';
import type { RetryInfo } from './types.js';

/** How a provider posts. */
export interface PostOptions {
  /** The provider's name, for errors. */
  readonly provider: string;
  /** What to tell a user whose key was refused (`set ANTHROPIC_API_KEY`). */
  readonly authHint: string;
  /** Retries after the first attempt (default 2, as the official SDKs). */
  readonly maxRetries?: number | undefined;
  /** The longest `retry-after` worth waiting for, ms (default 60 000); longer is reported instead. */
  readonly maxRetryDelayMs?: number | undefined;
  /** What carries the request (default: `fetch`; on Node the host passes `node:http`). */
  readonly httpClient?: HttpClient | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly onRetry?: ((retry: RetryInfo) => void) | undefined;
}

const RETRY_STATUS = new Set([408, 409, 429]);

function cancelled(): LocalError {
  return new LocalError('CANCELLED', 'The model call was cancelled');
}

/** Waits `ms`, or rejects with `CANCELLED` when `signal` fires. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(cancelled());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The wait a response asks for, ms; undefined when it names none (or nothing usable). */
export function retryAfterMs(reply: Pick<HttpReply, 'header'>, now: number = Date.now()): number | undefined {
  const ms = Number.parseFloat(reply.header('retry-after-ms') ?? '');
  if (ms > 0) return ms;
  const raw = reply.header('retry-after');
  if (raw === undefined) return undefined;
  const seconds = Number.parseFloat(raw);
  const wait = Number.isNaN(seconds) ? Date.parse(raw) - now : seconds * 1000;
  return wait > 0 ? wait : undefined;
}

/** The default backoff before retry `attempt` (1-based): 0.5 s doubling to 8 s, less up to a quarter of jitter. */
export function backoffMs(attempt: number): number {
  return Math.min(500 * 2 ** (attempt - 1), 8000) * (1 - Math.random() * 0.25);
}

function shouldRetry(response: HttpReply): boolean {
  const header = response.header('x-should-retry');
  if (header === 'true') return true;
  if (header === 'false') return false;
  return RETRY_STATUS.has(response.status) || response.status >= 500;
}

/** The API's own message from an error body (both APIs put it in `error.message`). */
export function apiMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const error = body.error;
    if (typeof error === 'string') return error;
    if (typeof error?.message === 'string') return error.message;
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: the text itself.
  }
  return text.trim().slice(0, 500) || '(no message)';
}

async function failure(response: HttpReply, options: PostOptions, retried: number): Promise<ModelApiError> {
  const message = apiMessage(await response.text().catch(() => ''));
  const status = response.status;
  const after = retried > 0 ? ` (after ${String(retried)} ${retried === 1 ? 'retry' : 'retries'})` : '';
  if (status === 401 || status === 403)
    return new ModelApiError(
      options.provider,
      'authentication',
      `authentication failed (HTTP ${String(status)}): ${message}. ${options.authHint}`,
      { status },
    );
  if (status === 429)
    return new ModelApiError(options.provider, 'rate_limit', `rate limited (HTTP 429)${after}: ${message}`, { status });
  if (status >= 500 || RETRY_STATUS.has(status))
    return new ModelApiError(options.provider, 'server', `the API failed (HTTP ${String(status)})${after}: ${message}`, {
      status,
    });
  return new ModelApiError(options.provider, 'request', `the API refused the request (HTTP ${String(status)}): ${message}`, {
    status,
  });
}

let fallbackClient: HttpClient | undefined;
const never = new AbortController().signal;

/** POSTs `body` as JSON and resolves with the successful response, retrying as the module says. */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  options: PostOptions,
): Promise<HttpReply> {
  const client = options.httpClient ?? (fallbackClient ??= new FetchHttpClient());
  const maxRetries = options.maxRetries ?? 2;
  const text = JSON.stringify(body);
  const target = new URL(url);
  for (let attempt = 0; ; attempt++) {
    let response: HttpReply;
    try {
      response = await client.request({
        method: 'POST',
        url: target,
        headers: { 'content-type': 'application/json', ...headers },
        body: text,
        signal: options.signal ?? never,
      });
    } catch (error) {
      if (options.signal?.aborted === true) throw cancelled();
      if (attempt >= maxRetries)
        throw new ModelApiError(options.provider, 'network', `cannot reach ${url}: ${causeMessage(error)}`, { cause: error });
      await retry(attempt + 1, backoffMs(attempt + 1), undefined, options);
      continue;
    }
    if (response.status >= 200 && response.status < 300) return response;
    if (attempt >= maxRetries || !shouldRetry(response)) throw await failure(response, options, attempt);
    const asked = retryAfterMs(response);
    if (asked !== undefined && asked > (options.maxRetryDelayMs ?? 60_000)) {
      const error = await failure(response, options, attempt);
      throw new ModelApiError(
        options.provider,
        error.failure,
        `${error.message.slice(options.provider.length + 2)} (the API asks to wait ${String(Math.ceil(asked / 1000))} s)`,
        { status: response.status },
      );
    }
    response.cancel();
    await retry(attempt + 1, asked ?? backoffMs(attempt + 1), response.status, options);
  }
}

async function retry(attempt: number, delayMs: number, status: number | undefined, options: PostOptions): Promise<void> {
  options.onRetry?.({ attempt, delayMs, ...(status !== undefined && { status }) });
  await sleep(delayMs, options.signal);
}

/** The innermost message of a fetch failure (`fetch failed` hides `ECONNREFUSED`). */
function causeMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (
    let e: unknown = error instanceof Error ? error.cause : undefined, depth = 0;
    e instanceof Error && depth < 5;
    e = e.cause, depth++
  )
    if (e.message !== '') message = e.message;
  return message;
}
