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
}

declare const crypto: {
  getRandomValues<T extends Uint8Array>(array: T): T;
  randomUUID(): string;
  readonly subtle: SubtleCryptoLike;
};

declare function btoa(data: string): string;
declare function atob(data: string): string;
declare function structuredClone<T>(value: T): T;
