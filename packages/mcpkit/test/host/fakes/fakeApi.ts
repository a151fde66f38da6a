/**
 * The scaffolding of the fake model APIs: a `node:http` server on an
 * ephemeral port that records every request and answers from a script, one
 * scripted reply per request. A reply is a model answer (encoded by the
 * dialect, streamed when the request asked for it), an HTTP error with
 * headers, a hang, or a stream that breaks off.
 *
 * @module
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tool call the fake model makes. */
export interface FakeToolCall {
  readonly id?: string;
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
}

/** What the fake model answers. */
export interface FakeAnswer {
  readonly kind: 'answer';
  readonly text?: string;
  readonly toolCalls?: readonly FakeToolCall[];
  /** The dialect's own stop reason (default: tool use when there are tool calls, else end of turn). */
  readonly stopReason?: string;
  readonly usage?: { readonly input: number; readonly output: number };
  /** The model name it reports (default: the one asked for). */
  readonly model?: string;
  /**
   * Anthropic only: the model first runs the API's own tool search (the
   * request must offer one) with this query; the answer carries its
   * `server_tool_use` and `tool_search_tool_result` blocks before the text's
   * tool calls, and `afterSearch` picks further tool calls from what it found.
   */
  readonly toolSearch?: { readonly query: string };
  readonly afterSearch?: (found: readonly string[]) => readonly FakeToolCall[];
}

/** A scripted reply. */
export type FakeReply =
  | FakeAnswer
  | {
      readonly kind: 'error';
      readonly status: number;
      readonly message?: string;
      readonly type?: string;
      readonly headers?: Readonly<Record<string, string>>;
    }
  /** Never answers (until the client gives up). */
  | { readonly kind: 'hang' }
  /** Starts the stream, then destroys the connection. */
  | { readonly kind: 'break' };

/** One request the fake received. */
export interface FakeRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
}

/** Picks the reply to request number `index` (0-based). */
export type FakeScript = (request: FakeRequest, index: number) => FakeReply | Promise<FakeReply>;

/** How a dialect answers. */
export interface Dialect {
  /** The endpoint path. */
  readonly path: string;
  /** Whether the request's credentials are the expected key. */
  authorized(headers: IncomingHttpHeaders, key: string): boolean;
  /** A problem with the request, reported as the API's 400; undefined when it is valid. */
  validate(request: FakeRequest): string | undefined;
  /** The dialect's error body. */
  errorBody(type: string, message: string): unknown;
  /** The non-streamed answer. */
  message(answer: FakeAnswer, request: FakeRequest): unknown;
  /** Why the scripted answer could not come from a real model (a tool it cannot see), if so. */
  impossible?(answer: FakeAnswer, request: FakeRequest): string | undefined;
  /** The streamed answer as SSE frames (each `event:`/`data:` lines and a blank line). */
  frames(answer: FakeAnswer, request: FakeRequest): string[];
}

/** A running fake. */
export interface FakeApi {
  /** The base URL to give the client (`ANTHROPIC_BASE_URL` / `OPENAI_BASE_URL` form). */
  readonly url: string;
  readonly requests: FakeRequest[];
  close(): Promise<void>;
}

/** A script that answers each request with the next reply of `replies` (the last one repeats). */
export function sequence(...replies: FakeReply[]): FakeScript {
  return (_request, index) => replies[Math.min(index, replies.length - 1)] ?? { kind: 'answer', text: '' };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Starts a fake speaking `dialect`, with `key` as the only accepted credential. */
export async function startFake(
  dialect: Dialect,
  script: FakeScript,
  options: { key?: string; basePath?: string } = {},
): Promise<FakeApi> {
  const key = options.key ?? 'test-key';
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      void (async () => {
        const path = (req.url ?? '').replace(options.basePath ?? '', '');
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          send(res, 400, dialect.errorBody('invalid_request_error', 'the body is not JSON'));
          return;
        }
        const request = { path, headers: req.headers, body };
        const index = requests.push(request) - 1;
        if (req.method !== 'POST' || path !== dialect.path) {
          send(res, 404, dialect.errorBody('not_found_error', `no route ${req.method ?? ''} ${path}`));
          return;
        }
        if (!dialect.authorized(req.headers, key)) {
          send(res, 401, dialect.errorBody('authentication_error', 'invalid api key'));
          return;
        }
        const problem = dialect.validate(request);
        if (problem !== undefined) {
          send(res, 400, dialect.errorBody('invalid_request_error', problem));
          return;
        }
        const reply = await script(request, index);
        if (reply.kind === 'hang') return;
        if (reply.kind === 'answer') {
          const impossible = dialect.impossible?.(reply, request);
          if (impossible !== undefined) {
            send(res, 500, dialect.errorBody('api_error', `fake: ${impossible}`));
            return;
          }
        }
        if (reply.kind === 'error') {
          send(res, reply.status, dialect.errorBody(reply.type ?? 'api_error', reply.message ?? 'error'), reply.headers);
          return;
        }
        if (reply.kind === 'break') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(dialect.frames({ kind: 'answer', text: 'partial' }, request)[0] ?? '');
          setTimeout(() => res.destroy(), 20);
          return;
        }
        if (body['stream'] !== true) {
          send(res, 200, dialect.message(reply, request));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        for (const frame of dialect.frames(reply, request)) res.write(frame);
        res.end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${String(port)}${options.basePath ?? ''}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** Splits `text` into pieces of about `size` characters (how deltas arrive). */
export function pieces(text: string, size = 7): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** An SSE frame. */
export function frame(data: unknown, event?: string): string {
  return `${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}
