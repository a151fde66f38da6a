/**
 * The bus part of the shared store: fire-and-forget messages between the
 * processes (answers routed to the process that asked, session state and
 * ends, fanned-out server events, task changes).
 *
 * @module
 */

/** Fire-and-forget messages between processes. */
export interface MessageBus {
  /** Sends `message` to every subscriber of `channel` (this process's included). */
  publish(channel: string, message: string): Promise<void>;
  /** Receives the messages of `channel`; resolves with the unsubscriber once subscribed. */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => void>;
}
