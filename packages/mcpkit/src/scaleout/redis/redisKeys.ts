/**
 * Where the Redis store keeps what, in one place: every key and channel is
 * under the store's prefix, which the processes serving one endpoint share.
 * The Lua scripts build a few of these too (`sessionScripts.ts`,
 * `fanoutScripts.ts`); they follow the same layout.
 *
 * @module
 */

/** The keys and channels of one prefix. */
export class RedisKeys {
  readonly prefix: string;

  constructor(prefix: string) {
    this.prefix = prefix;
  }

  /** A bus channel. */
  channel(name: string): string {
    return this.prefix + name;
  }

  /** A session's record. */
  session(id: string): string {
    return `${this.prefix}s:${id}`;
  }

  /** The set of a session's event keys (deleted with it). */
  keysOf(session: string): string {
    return `${this.prefix}k:${session}`;
  }

  /** A stream of a session (its counter is `<stream>:n`). */
  stream(session: string, stream: string): string {
    return `${this.prefix}e:${session}:${stream}`;
  }

  /** The once-key of an append (a fanned-out event). */
  once(session: string, once: string): string {
    return `${this.prefix}o:${session}:${once}`;
  }

  /** The followers' channel name of a session (under the bus's prefix). */
  followers(session: string): string {
    return `ev:${session}`;
  }

  /** A fan-out index set (`r:<uri>`, `l:<list>`). */
  index(ix: string): string {
    return `${this.prefix}ix:${ix}`;
  }

  /** A lease. */
  lease(key: string): string {
    return `${this.prefix}l:${key}`;
  }

  /** A process's liveness key. */
  node(node: string): string {
    return `${this.prefix}n:${node}`;
  }

  /** The secret every process shares. */
  get secret(): string {
    return `${this.prefix}secret`;
  }
}
