/**
 * The bus in memory: channels of listeners in one process, each message
 * delivered on a later turn, as a network bus would.
 *
 * @module
 */
import type { MessageBus } from '../bus.js';

type Listener = (message: string) => void;

/** A {@link MessageBus} shared by the handlers of one process. */
export class MemoryBus implements MessageBus {
  readonly #channels = new Map<string, Set<Listener>>();

  publish(channel: string, message: string): Promise<void> {
    const listeners = this.#channels.get(channel);
    if (listeners !== undefined)
      for (const l of [...listeners])
        queueMicrotask(() => {
          l(message);
        });
    return Promise.resolve();
  }

  subscribe(channel: string, listener: Listener): Promise<() => void> {
    let set = this.#channels.get(channel);
    if (set === undefined) this.#channels.set(channel, (set = new Set()));
    const listeners = set;
    listeners.add(listener);
    return Promise.resolve(() => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#channels.get(channel) === listeners) this.#channels.delete(channel);
    });
  }
}
