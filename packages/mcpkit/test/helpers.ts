/**
 * Shared test helpers for the JSON-RPC engine and its transports: a scriptable
 * fake transport, a recording sink, protocol conventions for tests, domain
 * assertions and small async utilities.
 *
 * @module
 */
import { expect } from 'vitest';
import { decode, encode } from '../src/jsonrpc/codec.js';
import type { CancellationConvention, ProgressConvention } from '../src/jsonrpc/conventions.js';
import { LocalError, type LocalErrorCode } from '../src/jsonrpc/localError.js';
import type { JsonRpcMessage, JsonRpcPayload, Params, RequestId } from '../src/jsonrpc/message.js';
import { RpcError } from '../src/jsonrpc/rpcError.js';
import type { Frame, MessageInfo, SendOptions, Transport, TransportSink } from '../src/jsonrpc/transport.js';

/**
 * A failure of the test harness itself (a timeout waiting for a message, a
 * fixture that is missing): not one of the library's error families.
 */
export class TestError extends Error {
  override name = 'TestError';
}

/** A promise with its settle functions exposed. */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  readonly resolve: (value: T) => void;
  readonly reject: (error: unknown) => void;
}

/** Creates a {@link Deferred}. */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Resolves after `ms` real milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns true, or fails after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 2000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new TestError(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(5);
  }
}

/** A deterministic PRNG (mulberry32), so shuffled tests are reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates shuffle in place with a seeded PRNG. */
export function shuffle<T>(items: T[], seed = 42): T[] {
  const random = seededRandom(seed);
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = items[i] as T;
    items[i] = items[j] as T;
    items[j] = a;
  }
  return items;
}

/** Turns any frame a transport delivers into the JSON value it carries. */
export function frameToJson(frame: Frame): unknown {
  if (typeof frame === 'string') return JSON.parse(frame);
  if (frame instanceof Uint8Array) return JSON.parse(new TextDecoder().decode(frame));
  return frame;
}

/** A sink that records everything a transport delivers. */
export class RecordingSink implements TransportSink {
  readonly frames: unknown[] = [];
  readonly infos: (MessageInfo | undefined)[] = [];
  readonly rejected: { code: number; message: string }[] = [];
  readonly closedWith: (Error | undefined)[] = [];
  #waiters: { count: number; resolve: () => void }[] = [];
  readonly #closedSignal = deferred<Error | undefined>();

  receive(frame: Frame, info?: MessageInfo): void {
    this.frames.push(frameToJson(frame));
    this.infos.push(info);
    this.#wake();
  }

  reject(error: { code: number; message: string }): void {
    this.rejected.push(error);
    this.#wake();
  }

  closed(error?: Error): void {
    this.closedWith.push(error);
    this.#closedSignal.resolve(error);
  }

  /** Resolves with the error (if any) the first time the transport reports closed. */
  get whenClosed(): Promise<Error | undefined> {
    return this.#closedSignal.promise;
  }

  /** Resolves once `count` frames (or rejections) have been seen in total. */
  async waitForFrames(count: number, timeoutMs = 5000): Promise<unknown[]> {
    if (this.frames.length + this.rejected.length < count) {
      const waiter = deferred();
      this.#waiters.push({ count, resolve: waiter.resolve });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(new TestError(`Timed out waiting for ${count} frames (have ${this.frames.length})`));
        }, timeoutMs);
      });
      try {
        await Promise.race([waiter.promise, timeout]);
      } finally {
        clearTimeout(timer);
      }
    }
    return this.frames;
  }

  #wake(): void {
    const total = this.frames.length + this.rejected.length;
    this.#waiters = this.#waiters.filter((w) => {
      if (total < w.count) return true;
      w.resolve();
      return false;
    });
  }
}

/**
 * A transport the test drives by hand: `deliver` hands a raw frame to the
 * connection (anything, even invalid JSON), `sent` records what the connection
 * sent, decoded back from its wire text.
 */
export class FakeTransport implements Transport {
  readonly sent: unknown[] = [];
  readonly sendOptions: (SendOptions | undefined)[] = [];
  sink: TransportSink | undefined;
  closeCalls = 0;
  /** When set, `send` fails with this error. */
  failSends: Error | undefined;
  #waiters: { count: number; resolve: () => void }[] = [];
  #cursor = 0;

  start(sink: TransportSink): Promise<void> {
    this.sink = sink;
    return Promise.resolve();
  }

  send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    if (this.failSends !== undefined) return Promise.reject(this.failSends);
    let text: string;
    try {
      text = encode(payload);
    } catch (error) {
      return Promise.reject(new LocalError('INVALID_ARGUMENT', 'Message cannot be serialized', { cause: error }));
    }
    this.sent.push(JSON.parse(text));
    this.sendOptions.push(options);
    const total = this.sent.length;
    this.#waiters = this.#waiters.filter((w) => {
      if (total < w.count) return true;
      w.resolve();
      return false;
    });
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.closeCalls++;
    this.sink?.closed();
    return Promise.resolve();
  }

  /** Hands a frame to the connection as if it arrived from the peer. */
  deliver(frame: Frame | Record<string, unknown>, info?: MessageInfo): void {
    if (this.sink === undefined) throw new TestError('FakeTransport not started');
    const wire = typeof frame === 'string' || frame instanceof Uint8Array ? frame : JSON.stringify(frame);
    this.sink.receive(wire, info);
  }

  /**
   * Resolves with the next sent message not yet returned by this method
   * (or, given `count`, with the `count`th message ever sent), waiting for it.
   */
  async nextSent(count?: number, timeoutMs = 2000): Promise<unknown> {
    const n = count ?? this.#cursor + 1;
    this.#cursor = Math.max(this.#cursor, n);
    if (this.sent.length < n) {
      const waiter = deferred();
      this.#waiters.push({ count: n, resolve: waiter.resolve });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(new TestError(`Timed out waiting for message #${n}; sent so far: ${JSON.stringify(this.sent).slice(0, 500)}`));
        }, timeoutMs);
      });
      try {
        await Promise.race([waiter.promise, timeout]);
      } finally {
        clearTimeout(timer);
      }
    }
    return this.sent[n - 1];
  }
}

/** A test spelling of cancellation: `$/cancel { id, reason? }` (deliberately not MCP's). */
export const testCancellation: CancellationConvention = {
  method: '$/cancel',
  notification: (id, reason) => ({ method: '$/cancel', params: reason === undefined ? { id } : { id, reason } }),
  parse: (params) => {
    if (typeof params !== 'object' || params === null) return undefined;
    const p = params as Record<string, unknown>;
    const id = p['id'];
    if (typeof id !== 'string' && typeof id !== 'number') return undefined;
    return typeof p['reason'] === 'string' ? { id, reason: p['reason'] } : { id };
  },
};

/** A test spelling of progress: `$/progress { token, value }`, token in `params.progressToken`. */
export const testProgress: ProgressConvention = {
  method: '$/progress',
  attach: (params: Params | undefined, token: RequestId): Params => {
    const base = params === undefined || Array.isArray(params) ? {} : (params as Readonly<Record<string, unknown>>);
    return { ...base, progressToken: token };
  },
  token: (params) => {
    if (typeof params !== 'object' || params === null) return undefined;
    const token = (params as Record<string, unknown>)['token'];
    return typeof token === 'string' || typeof token === 'number' ? token : undefined;
  },
};

/** Asserts that `promise` rejects with an `RpcError` of `code`; returns the error. */
export async function expectRpcError(promise: Promise<unknown>, code: number): Promise<RpcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected the promise to reject with an RpcError').toBeInstanceOf(RpcError);
  expect((error as RpcError).code).toBe(code);
  return error as RpcError;
}

/** Asserts that `promise` rejects with a `LocalError` of `code`; returns the error. */
export async function expectLocalError(promise: Promise<unknown>, code: LocalErrorCode): Promise<LocalError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected the promise to reject with a LocalError').toBeInstanceOf(LocalError);
  expect((error as LocalError).code).toBe(code);
  return error as LocalError;
}

/** Decodes one wire line to a message, failing the test if it is not one. */
export function message(line: string): JsonRpcMessage {
  const decoded = decode(line);
  if (!decoded.ok || !('message' in decoded)) throw new TestError(`Not a single JSON-RPC message: ${line}`);
  return decoded.message;
}

/** A well-formed request, for brevity. */
export function req(id: RequestId, method: string, params?: Params): Record<string, unknown> {
  return params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
}

/** A well-formed notification, for brevity. */
export function note(method: string, params?: Params): Record<string, unknown> {
  return params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
}
