/**
 * The scale-out room's entry for the layers that use it (the HTTP handler,
 * `mcpkit/redis`): the store's interface, one file per part, its in-memory
 * implementation, and the helpers its implementations share. It sits above
 * the server and below HTTP, and reads the server only through its published
 * types (`SessionSnapshot`, `SessionEvent`, `TaskStore`, `TaskManager`).
 * Users get the public part from `mcpkit/http` (the interface and
 * `MemoryShared`) and `mcpkit/redis`; the helpers here are internal (this
 * entry is no subpath of the package). Said here in words, not with the
 * internal tag: on this comment, `stripInternal` would drop the first export.
 *
 * @module
 */
export type { MessageBus } from './bus.js';
export type { NewEvent, SharedEvent, SharedEventLog } from './events.js';
export { eventNotification, fanoutIndex, fanoutIndexes, wantsEvent, type SessionFanout } from './fanout.js';
export { leaseHolder, leaseNode, leaseToken, type SharedLeases } from './leases.js';
export type { SessionRecord, SessionStore } from './sessions.js';
export type { SharedStore } from './store.js';
export { busRemote, shareTasks } from './tasks.js';
export { MemoryShared, type MemorySharedOptions } from './memory/memoryShared.js';
