/**
 * A scriptable stand-in for `fetch`: records every request (method, URL,
 * lower-cased headers, parsed body) and answers with what the test's route
 * returns. Aborting a request's signal rejects the pending fetch and errors a
 * streaming body, as a real `fetch` does.
 *
 * @module
 */
import { expect } from 'vitest';
import type { FetchLike } from '../../src/http/client/fetchHttpClient.js';
import type { RequestId } from '../../src/jsonrpc/message.js';

/** A JSON-RPC message as the fake server reads it. */
export interface RpcBody {
  readonly id?: RequestId;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly [key: string]: unknown;
}

/** One request the transport made. */
export interface Call {
  readonly method: string;
  readonly url: string;
  /** Header names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body when it is one message. */
  readonly body: RpcBody | undefined;
  /** The parsed JSON body when it is a batch. */
  readonly batch: readonly RpcBody[] | undefined;
  readonly signal: AbortSignal | undefined;
}

/** Answers one request. */
export type Route = (call: Call) => Response | Promise<Response>;

function abortError(): Error {
  return new DOMException('This operation was aborted', 'AbortError');
}

/** A fake server behind an injectable `fetch`. */
export class FakeHttp {
  readonly calls: Call[] = [];
  #route: Route;

  constructor(route: Route) {
    this.#route = route;
  }

  /** Replaces the route (for scripts with phases). */
  set route(route: Route) {
    this.#route = route;
  }

  readonly fetch: FetchLike = async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const text = typeof init.body === 'string' ? init.body : undefined;
    const signal = init.signal ?? undefined;
    const parsed: unknown = text === undefined ? undefined : JSON.parse(text);
    const call: Call = {
      method: init.method ?? 'GET',
      url: input,
      headers,
      body: Array.isArray(parsed) ? undefined : (parsed as RpcBody | undefined),
      batch: Array.isArray(parsed) ? (parsed as RpcBody[]) : undefined,
      signal,
    };
    this.calls.push(call);
    if (signal?.aborted === true) throw abortError();
    const answer = Promise.resolve(this.#route(call));
    if (signal === undefined) return answer;
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener(
        'abort',
        () => {
          reject(abortError());
        },
        { once: true },
      );
      answer.then(resolve, reject);
    });
  };

  /** The requests with this HTTP method. */
  of(method: string): Call[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** The POSTs of this JSON-RPC method. */
  posts(rpcMethod: string): Call[] {
    return this.calls.filter((c) => c.method === 'POST' && c.body?.method === rpcMethod);
  }
}

/** The id of the request a call carries (fails the test if there is none). */
export function idOf(call: Call): RequestId {
  const id = call.body?.id;
  if (id === undefined) return expect.fail(`No request id in ${JSON.stringify(call.body)}`);
  return id;
}

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A response without a body (202 by default). */
export function empty(status = 202, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers });
}

/** A plain-text or HTML error page. */
export function page(status: number, text: string, type = 'text/html'): Response {
  return new Response(text, { status, headers: { 'content-type': type } });
}

/** SSE text for one event. */
export function event(data: unknown, id?: string, type?: string): string {
  return `${type === undefined ? '' : `event: ${type}\n`}${id === undefined ? '' : `id: ${id}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

/** A complete SSE response. */
export function sse(text: string, headers: Record<string, string> = {}, status = 200): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/event-stream', ...headers } });
}

/** An SSE response the test writes to, closes, or breaks; the request's signal errors it like a real connection. */
export class SseWriter {
  readonly response: Response;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #open = true;
  readonly #encoder = new TextEncoder();

  constructor(signal?: AbortSignal, headers: Record<string, string> = {}) {
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller;
      },
      cancel: () => {
        this.#open = false;
      },
    });
    this.response = new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream', ...headers } });
    signal?.addEventListener('abort', () => {
      this.fail(abortError());
    });
  }

  /** True until closed, broken or cancelled by the reader. */
  get open(): boolean {
    return this.#open;
  }

  write(text: string): void {
    this.writeBytes(this.#encoder.encode(text));
  }

  /** Writes raw bytes (to split a UTF-8 sequence across chunks, say). */
  writeBytes(bytes: Uint8Array): void {
    if (this.#open) this.#controller.enqueue(bytes);
  }

  close(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#controller.close();
  }

  /** Breaks the connection (a network failure mid-stream). */
  fail(error: Error = new TypeError('terminated')): void {
    if (!this.#open) return;
    this.#open = false;
    this.#controller.error(error);
  }
}

/** A JSON-RPC result response. */
export function result(id: RequestId, value: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', id, result: value };
}

/** A JSON-RPC error response. */
export function rpcError(id: RequestId | null, code: number, message: string, data?: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}

/** `_meta` of a 2026-07-28 request. */
export const META_2026 = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1.0.0' },
};

/** A 2026-07-28 request. */
export function statelessRequest(
  id: number,
  method: string,
  params: Record<string, unknown> = {},
): { jsonrpc: '2.0'; id: number; method: string; params: Record<string, unknown> } {
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: META_2026 } };
}

/** A handshake-era `initialize` request. */
export function initialize(
  id = 0,
  protocolVersion = '2025-11-25',
): { jsonrpc: '2.0'; id: number; method: string; params: Record<string, unknown> } {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'test', version: '1.0.0' } },
  };
}

/** The `InitializeResult` for {@link initialize}. */
export function initializeResult(id: RequestId = 0, protocolVersion = '2025-11-25'): Record<string, unknown> {
  return result(id, { protocolVersion, capabilities: {}, serverInfo: { name: 'fake', version: '1.0.0' } });
}

/** `notifications/initialized`. */
export const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' } as const;
