/**
 * Golden wire transcripts: a file of JSON-RPC lines sent to a server (`> `)
 * and lines expected back (`< `), replayed against whatever the `serve`
 * callback puts on the transport. Pins the wire contract independently of
 * the TypeScript API. See `test/wire/README.md` for the format.
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

/** A parsed transcript: its prose header and its body. */
export interface Transcript {
  readonly header: readonly string[];
  readonly body: readonly TranscriptLine[];
}

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
/** In an expected line, matches any value (a generated id, a timestamp). */
export const ANY = '<any>';

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
  return { header: lines.slice(0, split), body };
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

/** `actual` with the values where `expected` says {@link ANY} replaced by it, so only real differences remain. */
function maskAny(expected: unknown, actual: unknown): unknown {
  if (expected === ANY) return actual === undefined ? actual : ANY;
  if (Array.isArray(expected) && Array.isArray(actual)) return actual.map((a: unknown, i) => maskAny(expected[i], a));
  if (isRecord(expected) && isRecord(actual)) {
    return Object.fromEntries(Object.entries(actual).map(([k, v]) => [k, maskAny(expected[k], v)]));
  }
  return actual;
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
export async function runTranscript(
  file: string,
  serve: (transport: Transport) => Promise<void>,
  options: TranscriptOptions = {},
): Promise<void> {
  const transcript = parseTranscript(readFileSync(file, 'utf8'));
  const timeoutMs = options.timeoutMs ?? 2000;
  const settleMs = options.settleMs ?? 50;
  const update = options.update ?? process.env['UPDATE_GOLDEN'] === '1';
  const wire = new WireTransport();
  await serve(wire);
  if (!wire.started) throw new TestError('serve() must start the transport it is given');
  try {
    if (update) {
      writeFileSync(file, formatTranscript({ header: transcript.header, body: await record(wire, transcript, settleMs) }));
      return;
    }
    const expected: string[] = [];
    const actual: string[] = [];
    for (const item of transcript.body) {
      if (item.kind === 'send') wire.deliver(item.text);
      if (item.kind === 'sleep') await sleep(item.ms);
      if (item.kind !== 'expect') continue;
      const want = parseOrFail(item.text, `${file}:${String(item.line)}`);
      expected.push(JSON.stringify(sortKeys(want)));
      const line = await wire.next(timeoutMs);
      actual.push(
        line === undefined
          ? `<nothing within ${String(timeoutMs)} ms>`
          : JSON.stringify(sortKeys(maskAny(want, JSON.parse(line)))),
      );
    }
    for (const extra of await wire.drain(settleMs)) actual.push(normalizeJson(extra));
    expect(actual, `${file} (rerun with UPDATE_GOLDEN=1 to accept the server's output)`).toStrictEqual(expected);
  } finally {
    await wire.close();
  }
}

/**
 * Replays the `>` lines and records the server's lines where the old `<`
 * lines were: at each run of `<` lines, everything sent until the server is
 * quiet (so lines sent together stay together, as the author wrote them);
 * whatever comes after the last run is appended. A file with no `<` lines
 * yet gets the output recorded after each `>` line. The lines recorded at a
 * run keep the {@link ANY} placeholders of the old lines at the same place.
 */
async function record(wire: WireTransport, transcript: Transcript, settleMs: number): Promise<TranscriptLine[]> {
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
        text: placeholders === undefined ? text : JSON.stringify(keepAny(placeholders, JSON.parse(text))),
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
        wire.deliver(item.text);
        if (fresh) await capture();
      }
    }
    previous = item.kind;
  }
  await capture();
  return body;
}

function keepAny(expected: unknown, actual: unknown): unknown {
  if (expected === ANY) return ANY;
  if (Array.isArray(expected) && Array.isArray(actual)) return actual.map((a: unknown, i) => keepAny(expected[i], a));
  if (isRecord(expected) && isRecord(actual))
    return Object.fromEntries(Object.entries(actual).map(([k, v]) => [k, keepAny(expected[k], v)]));
  return actual;
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
