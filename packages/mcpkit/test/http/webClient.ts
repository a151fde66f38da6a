/**
 * A raw HTTP client for the handler tests: builds `Request`s the way each era's
 * clients do, and reads SSE answers event by event (comments included, so
 * keep-alives and priming are observable).
 *
 * @module
 */
import { assert } from 'vitest';
import { LocalError } from '../../src/jsonrpc/localError.js';
import { meta2026 } from '../rawClient.js';

export const ACCEPT_BOTH = 'application/json, text/event-stream';
export const BASE = 'http://localhost/mcp';

/** Anything that answers a `Request`: the web handler, or `fetch` against a live port. */
export type Fetcher = (request: Request) => Promise<Response>;

/** One SSE event as a client parses it (`comment` for `:` lines). */
export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/** Parses complete SSE text into events. */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split('\n\n')) {
    if (block.trim() === '') continue;
    const e: SseEvent = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        e.comment = line.slice(1).trim();
        continue;
      }
      const colon = line.indexOf(':');
      const field = line.slice(0, colon);
      const value = line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') e.data = e.data === undefined ? value : `${e.data}\n${value}`;
      else if (field === 'id') e.id = value;
      else if (field === 'event') e.event = value;
      else if (field === 'retry') e.retry = Number(value);
    }
    events.push(e);
  }
  return events;
}

/** Reads an SSE response event by event. */
export class SseReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';
  #done = false;

  constructor(response: Response) {
    if (response.body === null) assert.fail('no body');
    this.#reader = response.body.getReader();
  }

  /** The next event (comments included), or undefined when the stream ended. */
  async next(timeoutMs = 3000): Promise<SseEvent | undefined> {
    for (;;) {
      const end = this.#buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.#buffer.slice(0, end + 2);
        this.#buffer = this.#buffer.slice(end + 2);
        return parseSse(block)[0];
      }
      if (this.#done) return undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(new LocalError('REQUEST_TIMEOUT', `no SSE event within ${timeoutMs} ms`));
        }, timeoutMs);
      });
      const chunk = await Promise.race([this.#reader.read(), timeout]).finally(() => {
        clearTimeout(timer);
      });
      if (chunk.done) this.#done = true;
      else this.#buffer += this.#decoder.decode(chunk.value, { stream: true });
    }
  }

  /** The next event that carries data, parsed as JSON. */
  async nextMessage(timeoutMs = 3000): Promise<Record<string, unknown> | undefined> {
    for (;;) {
      const e = await this.next(timeoutMs);
      if (e === undefined) return undefined;
      if (e.data !== undefined && e.data !== '') return JSON.parse(e.data) as Record<string, unknown>;
    }
  }

  /** Every remaining event until the stream ends. */
  async rest(timeoutMs = 3000): Promise<SseEvent[]> {
    const events: SseEvent[] = [];
    for (let e = await this.next(timeoutMs); e !== undefined; e = await this.next(timeoutMs)) events.push(e);
    return events;
  }

  /** Hangs up. */
  async cancel(): Promise<void> {
    await this.#reader.cancel();
  }
}

/** A POST as a Streamable HTTP client sends it. */
export function post(body: unknown, headers: Record<string, string> = {}, url = BASE): Request {
  return new Request(url, {
    method: 'POST',
    headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Opens a handshake-era session; returns its id. */
export async function openSession(
  fetcher: Fetcher,
  revision = '2025-11-25',
  capabilities: object = {},
  headers: Record<string, string> = {},
): Promise<string> {
  const init = await fetcher(
    post(
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: revision, capabilities, clientInfo: { name: 'raw', version: '1' } },
      },
      headers,
    ),
  );
  if (init.status !== 200) assert.fail(`initialize: ${init.status} ${await init.text()}`);
  const id = init.headers.get('mcp-session-id');
  if (id === null) assert.fail('no session id');
  await init.text();
  const ack = await fetcher(
    post(
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { ...headers, 'mcp-session-id': id, 'mcp-protocol-version': revision },
    ),
  );
  if (ack.status !== 202) assert.fail(`initialized: ${ack.status}`);
  return id;
}

/** Headers of a session request. */
export function sessionHeaders(sessionId: string, revision = '2025-11-25'): Record<string, string> {
  return { 'mcp-session-id': sessionId, 'mcp-protocol-version': revision };
}

const NAME_FIELD: Record<string, string> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/** A 2026-07-28 request with its `_meta` and standard headers. */
export function stateless(
  method: string,
  params: Record<string, unknown> = {},
  options: { id?: number | string; headers?: Record<string, string>; capabilities?: object; meta?: object } = {},
): Request {
  const field = NAME_FIELD[method];
  const name = field === undefined ? undefined : params[field];
  const headers: Record<string, string> = {
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
    ...options.headers,
  };
  const body = {
    jsonrpc: '2.0',
    id: options.id ?? 1,
    method,
    params: { ...params, _meta: meta2026(options.capabilities ?? {}, options.meta ?? {}) },
  };
  return post(body, headers);
}
