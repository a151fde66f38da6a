/**
 * The application's notification handlers, by method. Registration returns a
 * disposer; a handler that throws is reported, never allowed to break the
 * others or the connection.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
/** Notification handlers by method. */
export class NotificationRouter {
    #handlers = new Map();
    #onError;
    constructor(onError) {
        this.#onError = onError;
    }
    /** Adds a handler for `method`; returns its remover. */
    on(method, listener) {
        let set = this.#handlers.get(method);
        if (set === undefined) {
            set = new Set();
            this.#handlers.set(method, set);
        }
        set.add(listener);
        return () => {
            set.delete(listener);
            if (set.size === 0 && this.#handlers.get(method) === set)
                this.#handlers.delete(method);
        };
    }
    /** Delivers a notification to every handler of its method. */
    emit(method, params) {
        const set = this.#handlers.get(method);
        if (set === undefined)
            return;
        for (const listener of [...set]) {
            try {
                listener(params);
            }
            catch (error) {
                this.#onError(new LocalError('INVALID_ARGUMENT', `A handler of ${method} threw`, { cause: error }));
            }
        }
    }
}
//# sourceMappingURL=notifications.js.map