/**
 * Golden wire transcripts: a file of JSON-RPC lines sent to a server (`> `)
 * and lines expected back (`< `), replayed against whatever the `serve`
 * callback puts on the transport. Pins the wire contract independently of
 * the TypeScript API. The one runner of every transcript (the JSON-RPC
 * engine's and MCP's); see `test/wire/README.md` for the format.
 *
 * `UPDATE_GOLDEN=1 npx vitest run <test file>` rewrites the `<` lines from
 * what the server actually sent.
 *
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import { encode } from '../src/jsonrpc/codec.js';
import { LocalError } from '../src/jsonrpc/localError.js';
import type { JsonRpcPayload } from '../src/jsonrpc/message.js';
import type { Transport, TransportSink } from '../src/jsonrpc/transport.js';
import { TestError } from './helpers.js';

/** One line of a transcript's body. */
export type TranscriptLine =
  | { readonly kind: 'send'; readonly text: string; readonly line: number }
  | { readonly kind: 'expect'; readonly text: string; readonly line: number }
  | { readonly kind: 'sleep'; readonly ms: number; readonly line: number }
  | { readonly kind: 'comment'; readonly text: string; readonly line: number };

/** A parsed transcript: its prose header, its body, and the server options its header asks for. */
export interface Transcript {
  readonly header: readonly string[];
  readonly body: readonly TranscriptLine[];
  /** The JSON of the header's `! server {json}` line (empty without one), handed to `serve`. */
  readonly server: Readonly<Record<string, unknown>>;
}

/**
 * Attaches a server to the transport and starts it; given the transcript's
 * `! server` options. May return a teardown, run after the transcript.
 */
export type Serve = (transport: Transport, options: Readonly<Record<string, unknown>>) => Promise<void | (() => Promise<void>)>;

/** Options of {@link runTranscript}. */
export interface TranscriptOptions {
  /** How long to wait for each expected line, ms (default 2000). */
  readonly timeoutMs?: number;
  /** Quiet time that counts as "the server has nothing more to say", ms (default 50). */
  readonly settleMs?: number;
  /** Rewrite the expected lines instead of checking them (default: `UPDATE_GOLDEN=1`). */
  readonly update?: boolean;
}

const SEND = '> ';
const EXPECT = '< ';
const SLEEP = '! sleep ';
const SERVER = '! server ';
/** In an expected line, matches any value (a generated id, a timestamp). */
export const ANY = '<any>';
/** In an expected line, `"<capture:NAME>"` matches any string and remembers it as NAME. */
const CAPTURE = /^<capture:([A-Za-z0-9_]+)>$/;
/** In a sent line, `"<NAME>"` is the string captured as NAME; `"<NAME:tampered>"` the same, altered. */
const CAPTURED = /"<([A-Za-z0-9_]+)(:tampered)?>"/g;

/** Parses transcript text. The header is every line before the first `> ` or `< ` line. */
export function parseTranscript(text: string): Transcript {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const first = lines.findIndex((l) => l.startsWith(SEND) || l.startsWith(EXPECT));
  const split = first === -1 ? lines.length : first;
  const body: TranscriptLine[] = [];
  for (let i = split; i < lines.length; i++) {
    const text = lines[i] ?? '';
    const line = i + 1;
    if (text.startsWith(SEND)) body.push({ kind: 'send', text: text.slice(SEND.length), line });
    else if (text.startsWith(EXPECT)) body.push({ kind: 'expect', text: text.slice(EXPECT.length), line });
    else if (text.startsWith(SLEEP) && Number.isFinite(Number(text.slice(SLEEP.length))))
      body.push({ kind: 'sleep', ms: Number(text.slice(SLEEP.length)), line });
    else if (text.trim() === '' || text.startsWith('#')) body.push({ kind: 'comment', text, line });
    else
      throw new TestError(
        `line ${String(line)}: expected "> ", "< ", "! sleep <ms>", "#" or a blank line, got: ${text.slice(0, 80)}`,
      );
  }
  const header = lines.slice(0, split);
  const directive = header.find((l) => l.startsWith(SERVER));
  let server: Record<string, unknown> = {};
  if (directive !== undefined) {
    const parsed = parseOrFail(directive.slice(SERVER.length), `line ${String(header.indexOf(directive) + 1)}`);
    if (!isRecord(parsed)) throw new TestError(`"${SERVER}" takes a JSON object: ${directive}`);
    server = parsed;
  }
  return { header, body, server };
}

/** Formats a transcript back to text. */
export function formatTranscript(transcript: Transcript): string {
  const body = transcript.body.map((l) => {
    if (l.kind === 'send') return SEND + l.text;
    if (l.kind === 'expect') return EXPECT + l.text;
    if (l.kind === 'sleep') return SLEEP + String(l.ms);
    return l.text;
  });
  return [...transcript.header, ...body].join('\n') + '\n';
}

/** JSON text with object keys sorted at every level, for order-insensitive comparison of objects. */
export function normalizeJson(text: string): string {
  return JSON.stringify(sortKeys(JSON.parse(text)));
}

/**
 * `actual` with the values at the placeholders of `expected` ({@link ANY},
 * `<capture:NAME>`) replaced by those placeholders, so a plain comparison
 * shows only real differences. Captured strings go into `captures`.
 */
function maskPlaceholders(expected: unknown, actual: unknown, captures: Map<string, string>): unknown {
  if (expected === ANY) return actual === undefined ? actual : ANY;
  const capture = typeof expected === 'string' ? CAPTURE.exec(expected) : null;
  if (capture !== null && typeof actual === 'string') {
    captures.set(capture[1] ?? '', actual);
    return expected;
  }
  if (Array.isArray(expected) && Array.isArray(actual))
    return actual.map((a: unknown, i) => maskPlaceholders(expected[i], a, captures));
  if (isRecord(expected) && isRecord(actual)) {
    return Object.fromEntries(Object.entries(actual).map(([k, v]) => [k, maskPlaceholders(expected[k], v, captures)]));
  }
  return actual;
}

/** A sent line with its `"<NAME>"` and `"<NAME:tampered>"` references replaced by what was captured. */
function substitute(text: string, captures: ReadonlyMap<string, string>, where: string): string {
  return text.replace(CAPTURED, (whole, name: string, tampered: string | undefined) => {
    if (name === 'any') return whole;
    const value = captures.get(name);
    if (value === undefined) throw new TestError(`${where}: nothing was captured as ${name}`);
    return JSON.stringify(tampered === undefined ? value : tamper(value));
  });
}

/**
 * Alters a captured token, keeping it well-formed: its first character, which
 * carries six bits of a base64url payload (the last one may carry only padding
 * bits, which decoders ignore).
 */
function tamper(token: string): string {
  return (token.startsWith('A') ? 'B' : 'A') + token.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
  return out;
}

/**
 * The server's side of the wire: lines the runner feeds in are delivered as
 * raw text (so they may be malformed); what the server sends is recorded.
 */
class WireTransport implements Transport {
  readonly #outputs: string[] = [];
  #sink: TransportSink | undefined;
  #closed = false;
  #wake: (() => void) | undefined;

  get started(): boolean {
    return this.#sink !== undefined;
  }

  start(sink: TransportSink): Promise<void> {
    if (this.#sink !== undefined) return Promise.reject(new LocalError('INVALID_ARGUMENT', 'Transport already started'));
    this.#sink = sink;
    return Promise.resolve();
  }

  send(payload: JsonRpcPayload): Promise<void> {
    if (this.#closed) return Promise.reject(new LocalError('CONNECTION_CLOSED', 'Transport closed'));
    try {
      this.#outputs.push(encode(payload));
    } catch (error) {
      return Promise.reject(error instanceof LocalError ? error : new LocalError('INVALID_ARGUMENT', String(error)));
    }
    this.#wake?.();
    return Promise.resolve();
  }

  close(): Promise<void> {
    if (!this.#closed) {
      this.#closed = true;
      this.#sink?.closed();
    }
    return Promise.resolve();
  }

  deliver(text: string): void {
    this.#sink?.receive(text);
  }

  /** The next line the server sent, or undefined if none came within `ms`. */
  async next(ms: number): Promise<string | undefined> {
    const deadline = Date.now() + ms;
    while (this.#outputs.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 10));
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.#outputs.shift();
  }

  /** Everything the server sends until it has been quiet for `settleMs`. */
  async drain(settleMs: number): Promise<string[]> {
    const lines: string[] = [];
    for (let line = await this.next(settleMs); line !== undefined; line = await this.next(settleMs)) lines.push(line);
    return lines;
  }
}

/**
 * Replays the transcript at `file` against the server `serve` attaches to the
 * given transport (it must start it, e.g. by starting a `Connection` on it).
 * Checks the server's lines against the `<` lines, in order, as normalized
 * JSON, and that it sends nothing more. In update mode, rewrites the file.
 */
export async function runTranscript(file: string, serve: Serve, options: TranscriptOptions = {}): Promise<void> {
  const transcript = parseTranscript(readFileSync(file, 'utf8'));
  const timeoutMs = options.timeoutMs ?? 2000;
  const settleMs = options.settleMs ?? 50;
  const update = options.update ?? process.env['UPDATE_GOLDEN'] === '1';
  const wire = new WireTransport();
  const teardown = await serve(wire, transcript.server);
  if (!wire.started) throw new TestError('serve() must start the transport it is given');
  try {
    if (update) {
      const body = await record(wire, transcript, settleMs, file);
      writeFileSync(file, formatTranscript({ ...transcript, body }));
      return;
    }
    const captures = new Map<string, string>();
    const expected: string[] = [];
    const actual: string[] = [];
    for (const item of transcript.body) {
      if (item.kind === 'send') wire.deliver(substitute(item.text, captures, `${file}:${String(item.line)}`));
      if (item.kind === 'sleep') await sleep(item.ms);
      if (item.kind !== 'expect') continue;
      const want = parseOrFail(item.text, `${file}:${String(item.line)}`);
      expected.push(JSON.stringify(sortKeys(want)));
      const line = await wire.next(timeoutMs);
      actual.push(
        line === undefined
          ? `<nothing within ${String(timeoutMs)} ms>`
          : JSON.stringify(sortKeys(maskPlaceholders(want, JSON.parse(line), captures))),
      );
    }
    for (const extra of await wire.drain(settleMs)) actual.push(normalizeJson(extra));
    expect(actual, `${file} (rerun with UPDATE_GOLDEN=1 to accept the server's output)`).toStrictEqual(expected);
  } finally {
    await wire.close();
    if (teardown !== undefined) await teardown();
  }
}

/**
 * Replays the `>` lines and records the server's lines where the old `<`
 * lines were: at each run of `<` lines, everything sent until the server is
 * quiet (so lines sent together stay together, as the author wrote them);
 * whatever comes after the last run is appended. A file with no `<` lines
 * yet gets the output recorded after each `>` line. The lines recorded at a
 * run keep the placeholders of the old lines ({@link ANY}, `<capture:NAME>`) at the same place.
 */
async function record(wire: WireTransport, transcript: Transcript, settleMs: number, file: string): Promise<TranscriptLine[]> {
  const captures = new Map<string, string>();
  const runs: unknown[][] = [];
  let previous: TranscriptLine['kind'] | undefined;
  for (const item of transcript.body) {
    if (item.kind === 'expect') {
      if (previous !== 'expect') runs.push([]);
      runs.at(-1)?.push(JSON.parse(item.text));
    }
    previous = item.kind;
  }
  const fresh = runs.length === 0;
  const body: TranscriptLine[] = [];
  const capture = async (old: readonly unknown[] = []): Promise<void> => {
    const lines = await wire.drain(settleMs);
    lines.forEach((text, i) => {
      const placeholders = old[i];
      body.push({
        kind: 'expect',
        text: placeholders === undefined ? text : JSON.stringify(maskPlaceholders(placeholders, JSON.parse(text), captures)),
        line: 0,
      });
    });
  };
  let run = 0;
  previous = undefined;
  for (const item of transcript.body) {
    if (item.kind === 'expect') {
      if (previous !== 'expect') await capture(runs[run++]);
    } else {
      body.push(item);
      if (item.kind === 'sleep') await sleep(item.ms);
      if (item.kind === 'send') {
        wire.deliver(substitute(item.text, captures, `${file}:${String(item.line)}`));
        if (fresh) await capture();
      }
    }
    previous = item.kind;
  }
  await capture();
  return body;
}

function parseOrFail(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new TestError(`${where}: an expected line must be valid JSON: ${text.slice(0, 80)}`);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
