/**
 * The web-platform globals the runtime-neutral core may use, and nothing else.
 *
 * `tsconfig.core.json` compiles `src/` (minus `src/node`) with `types: []` and
 * `lib: ["es2023"]` plus this file, so any use of a Node-only or DOM-only API in
 * the core is a compile error. Every global here exists in Node >= 20, Deno, Bun,
 * browsers and workers. Declarations are minimal on purpose: add a member only
 * when the core needs it.
 */

type TimerHandle = { readonly __timer: unique symbol };
declare function setTimeout(callback: () => void, ms?: number): TimerHandle;
declare function clearTimeout(handle: TimerHandle | undefined): void;
declare function queueMicrotask(callback: () => void): void;
declare const performance: { now(): number };

interface EventListenerOptionsLike {
  once?: boolean;
}

declare class AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: () => void, options?: EventListenerOptionsLike): void;
  removeEventListener(type: 'abort', listener: () => void): void;
  static abort(reason?: unknown): AbortSignal;
  static timeout(ms: number): AbortSignal;
  static any(signals: AbortSignal[]): AbortSignal;
}

declare class AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

declare class DOMException extends Error {
  constructor(message?: string, name?: string);
}

interface CryptoKeyLike {
  readonly type: string;
}

interface SubtleCryptoLike {
  importKey(
    format: 'raw',
    keyData: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: boolean,
    usages: readonly ('sign' | 'verify')[],
  ): Promise<CryptoKeyLike>;
  sign(algorithm: 'HMAC', key: CryptoKeyLike, data: Uint8Array): Promise<ArrayBuffer>;
  verify(algorithm: 'HMAC', key: CryptoKeyLike, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
  // Signing keys for JWTs (mcpkit/auth: private_key_jwt, DPoP proofs).
  importKey(
    format: 'pkcs8',
    keyData: Uint8Array,
    algorithm: SignatureAlgorithmLike,
    extractable: boolean,
    usages: readonly ('sign' | 'verify')[],
  ): Promise<CryptoKeyLike>;
  importKey(
    format: 'jwk',
    keyData: JsonWebKeyLike,
    algorithm: SignatureAlgorithmLike,
    extractable: boolean,
    usages: readonly ('sign' | 'verify')[],
  ): Promise<CryptoKeyLike>;
  generateKey(
    algorithm: SignatureAlgorithmLike,
    extractable: boolean,
    usages: readonly ('sign' | 'verify')[],
  ): Promise<{ readonly publicKey: CryptoKeyLike; readonly privateKey: CryptoKeyLike }>;
  exportKey(format: 'jwk', key: CryptoKeyLike): Promise<JsonWebKeyLike>;
  sign(algorithm: SignatureAlgorithmLike, key: CryptoKeyLike, data: Uint8Array): Promise<ArrayBuffer>;
}

/** The WebCrypto signature algorithms mcpkit/auth uses (ECDSA P-256, RSASSA-PKCS1-v1_5, RSA-PSS, Ed25519). */
interface SignatureAlgorithmLike {
  readonly name: string;
  readonly namedCurve?: string;
  readonly hash?: string | { readonly name: string };
  readonly saltLength?: number;
  readonly modulusLength?: number;
  readonly publicExponent?: Uint8Array;
}

/** A JSON Web Key, as WebCrypto imports and exports it. */
interface JsonWebKeyLike {
  kty?: string;
  crv?: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
  d?: string;
  kid?: string;
  alg?: string;
}

declare const crypto: {
  getRandomValues<T extends Uint8Array>(array: T): T;
  randomUUID(): string;
  readonly subtle: SubtleCryptoLike;
};

declare function btoa(data: string): string;
declare function atob(data: string): string;
declare function structuredClone<T>(value: T): T;

// Web-standard HTTP (src/http): the fetch API's Request/Response/Headers and
// the streams they carry. Present in Node >= 18, Deno, Bun, workers, browsers.

declare class Headers {
  constructor(init?: Record<string, string>);
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  forEach(callback: (value: string, key: string) => void): void;
}

interface ReadableStreamReadDone {
  done: true;
  value?: undefined;
}

interface ReadableStreamReadValue<R> {
  done: false;
  value: R;
}

declare class ReadableStreamDefaultReader<R> {
  read(): Promise<ReadableStreamReadDone | ReadableStreamReadValue<R>>;
  cancel(reason?: unknown): Promise<void>;
  releaseLock(): void;
}

interface ReadableStreamDefaultController<R> {
  readonly desiredSize: number | null;
  enqueue(chunk: R): void;
  close(): void;
  error(reason?: unknown): void;
}

interface UnderlyingDefaultSource<R> {
  start?(controller: ReadableStreamDefaultController<R>): void;
  cancel?(reason?: unknown): void;
}

declare class ReadableStream<R = unknown> {
  constructor(source?: UnderlyingDefaultSource<R>);
  getReader(): ReadableStreamDefaultReader<R>;
  cancel(reason?: unknown): Promise<void>;
}

declare class Request {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly body: ReadableStream<Uint8Array> | null;
  readonly signal: AbortSignal;
}

interface ResponseInit {
  status?: number;
  headers?: Record<string, string>;
}

declare class Response {
  constructor(body?: string | ReadableStream<Uint8Array> | null, init?: ResponseInit);
  readonly status: number;
  readonly headers: Headers;
  readonly body: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
}

// The HTTP client transports (src/http/client): fetch itself, its options, URL,
// and the Response members a client reads. Present in Node >= 18, Deno, Bun,
// workers and browsers.

interface Response {
  readonly ok: boolean;
  readonly statusText: string;
  readonly url: string;
  /** `opaqueredirect` for a `redirect: 'manual'` redirect a browser hides. */
  readonly type: string;
}

interface RequestInit {
  method?: string;
  headers?: Headers | Record<string, string> | [string, string][];
  body?: string | null;
  signal?: AbortSignal | null;
  credentials?: 'omit' | 'same-origin' | 'include';
  mode?: 'cors' | 'no-cors' | 'same-origin' | 'navigate';
  redirect?: 'follow' | 'error' | 'manual';
  cache?: 'default' | 'no-store' | 'reload' | 'no-cache' | 'force-cache' | 'only-if-cached';
  keepalive?: boolean;
}

declare function fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;

declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | [string, string][]);
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  append(name: string, value: string): void;
  delete(name: string): void;
  forEach(callback: (value: string, key: string) => void): void;
  toString(): string;
}

declare class URL {
  constructor(url: string | URL, base?: string | URL);
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly host: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly hostname: string;
  readonly port: string;
  readonly username: string;
  readonly password: string;
  readonly searchParams: URLSearchParams;
  toString(): string;
}

// `mcpkit/testing`'s client closes with `await using` (Node >= 20, Deno, Bun, current browsers).
interface SymbolConstructor {
  readonly asyncDispose: unique symbol;
}
