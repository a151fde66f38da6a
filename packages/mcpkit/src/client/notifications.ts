/**
 * The application's notification handlers, by method. Registration returns a
 * disposer; a handler that throws is reported, never allowed to break the
 * others or the connection.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import type { NotificationMethod, NotificationParamsOf } from '../protocol/methods.js';

/** Handles one kind of notification. */
export type NotificationListener<P = Readonly<Record<string, unknown>>> = (params: P) => void;

/** The params a listener of `M` receives: typed for MCP's notifications, an open object otherwise. */
export type ListenerParams<M extends string> = M extends NotificationMethod
  ? NotificationParamsOf<M>
  : Readonly<Record<string, unknown>>;

/** Notification handlers by method. */
export class NotificationRouter {
  readonly #handlers = new Map<string, Set<NotificationListener>>();
  readonly #onError: (error: LocalError) => void;

  constructor(onError: (error: LocalError) => void) {
    this.#onError = onError;
  }

  /** Adds a handler for `method`; returns its remover. */
  on(method: string, listener: NotificationListener): () => void {
    let set = this.#handlers.get(method);
    if (set === undefined) {
      set = new Set();
      this.#handlers.set(method, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.#handlers.get(method) === set) this.#handlers.delete(method);
    };
  }

  /** Delivers a notification to every handler of its method. */
  emit(method: string, params: Readonly<Record<string, unknown>>): void {
    const set = this.#handlers.get(method);
    if (set === undefined) return;
    for (const listener of [...set]) {
      try {
        listener(params);
      } catch (error) {
        this.#onError(new LocalError('INVALID_ARGUMENT', `A handler of ${method} threw`, { cause: error }));
      }
    }
  }
}
