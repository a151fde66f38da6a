/**
 * The application's handlers of client notifications (`server.onNotification`,
 * e.g. `notifications/roots/list_changed`), by method. A failing handler never
 * breaks the connection that delivered the notification.
 *
 * @module
 */
import type { ServerSession } from './session.js';

/** Receives a client notification and the session it came on. */
export type ClientNotificationHandler = (params: unknown, session: ServerSession) => void;

/** Handlers by method. */
export class ClientNotifications {
  readonly #handlers = new Map<string, Set<ClientNotificationHandler>>();

  /** Adds a handler of `method`; returns its remover. */
  add(method: string, handler: ClientNotificationHandler): () => void {
    let set = this.#handlers.get(method);
    if (set === undefined) this.#handlers.set(method, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Calls every handler of `method`. */
  deliver(method: string, params: unknown, session: ServerSession): void {
    const handlers = this.#handlers.get(method);
    if (handlers === undefined) return;
    for (const handler of handlers) {
      try {
        handler(params, session);
      } catch {
        // A failing application handler must not break the connection.
      }
    }
  }
}
