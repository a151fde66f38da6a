/**
 * The store that lets several processes serve one Streamable HTTP endpoint
 * (scale-out), one part per concern: sessions (what each handshake-era
 * session negotiated), events (resumable SSE streams, readable and followable
 * from any process), the bus (what arrives at one process for a request
 * another one is serving), leases (who holds what every process must agree
 * on), fan-out (server events for sessions no process holds), tasks, and the
 * liveness of processes. `mcpkit/http` ships the in-memory implementation
 * (several handlers in one process; tests) and `mcpkit/redis` the one for
 * many processes.
 *
 * @module
 */
import type { TaskStore } from '../server/index.js';
import type { MessageBus } from './bus.js';
import type { SharedEventLog } from './events.js';
import type { SessionFanout } from './fanout.js';
import type { SharedLeases } from './leases.js';
import type { SessionStore } from './sessions.js';

/** Everything several processes share; one per process. */
export interface SharedStore {
  /** This process's id, unique among the processes sharing the store. */
  readonly node: string;
  readonly sessions: SessionStore;
  readonly events: SharedEventLog;
  readonly bus: MessageBus;
  /** Who holds what every process must agree on (a session's GET stream, an HTTP+SSE session's stream). */
  readonly leases: SharedLeases;
  /** Server events for the sessions no process holds a replica of. */
  readonly fanout: SessionFanout;
  /** How long an idle session lives, in ms. */
  readonly sessionTtlMs: number;
  /** Tasks shared by the processes (`tasks.ts` carries the rest over the bus); absent: each server keeps its own. */
  readonly tasks?: TaskStore;
  /** Whether process `node` is still running (it renews its own liveness while it runs). */
  alive(node: string): Promise<boolean>;
  /** Calls `listener` when the store becomes unreachable (requests that depend on it cannot finish); returns the remover. */
  onFailure(listener: (error: Error) => void): () => void;
  /** Stops this process's use of the store (its liveness ends). */
  close(): Promise<void>;
}
