/**
 * A handshake-era session served by several processes (scale-out). Each
 * process that sees a request of the session keeps a replica of it, restored
 * from the session store. A POST's stream stays with the process that took
 * the POST, but its SSE events also go to the shared event log, so any process
 * can resume it with `Last-Event-ID`; messages for no open stream of this
 * process go to the shared standalone stream, which whoever holds the GET
 * stream follows. Server-to-client requests get ids that name this process,
 * so their answers can be routed back to it from wherever they arrive.
 *
 * @module
 */
import type { JsonRpcPayload, RequestId } from '../../../jsonrpc/message.js';
import type { SendOptions } from '../../../jsonrpc/transport.js';
import type { ServerSession } from '../../../server/session.js';
import type { HeaderMap } from '../../wire/headers.js';
import type { EventStore } from '../eventStore.js';
import type { HttpExchange } from '../exchange.js';
import { HttpError } from '../httpError.js';
import { HttpSession, type SessionDeps } from '../httpSession.js';
import type { SharedEventLog, SharedLeases } from '../../../scaleout/index.js';
import { StreamLease } from './streamLease.js';
import { cursorKey, StreamFollow, type FollowSession } from './streamFollow.js';
import { parseSharedEventId, routedId, type RoutedId } from './sharedIds.js';

/** What a replica needs of its handler's scale-out side (the `ReplicaHost`). */
export interface ReplicaHost {
  /** This process's id. */
  readonly node: string;
  readonly events: SharedEventLog;
  /** Who holds each session's GET stream, across processes. */
  readonly leases: SharedLeases;
  /** How long an idle session lives, in ms (what a GET stream delivered is remembered as long). */
  readonly sessionTtlMs: number;
  /** Extends the session's shared lifetime (throttled). */
  touch(session: SharedSession): void;
  /** Routes the messages of a POST; returns what is left for this replica. */
  route(session: SharedSession, message: object): object | undefined;
  /** The session ended: forget it everywhere. */
  ended(session: SharedSession): Promise<void>;
  /** Whether process `node` still runs. */
  alive(node: string): Promise<boolean>;
}

/** One process's replica of a shared session. */
export class SharedSession extends HttpSession {
  readonly #hub: ReplicaHost;
  /** The server side, once connected: an `McpServer`'s session (its snapshots are shared). */
  declare server: ServerSession | undefined;
  /** Set while a fanned-out server event is being delivered: its appends happen once across processes. */
  tag: string | undefined;
  /** The save of the state `initialize` produced: its answer waits for it, so the session exists everywhere first. */
  saving: Promise<void> | undefined;
  /** When the session store last extended its lifetime from here (ms since the epoch); undefined until it is saved. */
  lastTouch: number | undefined;
  /** GET streams of this session open here: at most one, except briefly while a resumption takes over. */
  #standaloneStreams = 0;

  constructor(id: string, principal: string | undefined, deps: Omit<SessionDeps, 'store'>, hub: ReplicaHost) {
    super(id, principal, { ...deps, store: sharedAdapter(id, hub) });
    this.#hub = hub;
  }

  override key(no: number): string {
    return no === 0 ? '0' : `${this.#hub.node}.${String(no)}`;
  }

  override eventId(no: number, seq: number): string {
    return `${this.key(no)}_${String(seq)}`;
  }

  override send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    const out = this.#nameRequests(payload);
    const saving = this.saving;
    if (saving !== undefined && this.initializing !== undefined) {
      this.saving = undefined;
      return saving.then(() => super.send(out, options));
    }
    return super.send(out, options);
  }

  protected override sendStandalone(data: string): Promise<void> {
    return this.#hub.events.append(this.id, '0', { data }, this.tag).then(() => undefined);
  }

  override post(
    exchange: HttpExchange,
    message: object,
    requests: readonly RequestId[],
    headers?: HeaderMap,
  ): HttpError | undefined {
    this.#hub.touch(this);
    const kept = this.#hub.route(this, message);
    if (kept === undefined) {
      this.touch();
      return undefined;
    }
    return super.post(exchange, kept, requests, headers);
  }

  override async get(exchange: HttpExchange, lastEventId: string | undefined): Promise<HttpError | undefined> {
    this.touch();
    this.#hub.touch(this);
    if (lastEventId === undefined) {
      if (this.#standaloneStreams > 0) return HttpError.conflict('Conflict: this session already has a GET stream open');
      return this.#follow(exchange, '0', undefined, undefined, false);
    }
    const parsed = parseSharedEventId(lastEventId);
    if (parsed === undefined) return HttpError.badRequest('Last-Event-ID names no stream of this session');
    if (parsed.node === this.#hub.node && parsed.no !== undefined) {
      const live = this.localStream(parsed.no);
      if (live !== undefined) {
        if (live.replaying) return HttpError.conflict('Conflict: this stream is already being resumed');
        await live.resume(exchange, parsed.seq);
        return undefined;
      }
    }
    return this.#follow(exchange, parsed.stream, parsed.seq, parsed.node, true);
  }

  override async end(): Promise<void> {
    await this.#hub.ended(this);
    await this.close();
  }

  /** Gives server-to-client requests ids that name this process (`<node>~<n>`). */
  #nameRequests(payload: JsonRpcPayload): JsonRpcPayload {
    const node = this.#hub.node;
    const name = (m: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> =>
      'method' in m && 'id' in m ? { ...m, id: routedId(node, m['id'] as RequestId) } : m;
    if (Array.isArray(payload)) return (payload as readonly Record<string, unknown>[]).map(name) as unknown as JsonRpcPayload;
    return name(payload as unknown as Readonly<Record<string, unknown>>) as unknown as JsonRpcPayload;
  }

  /**
   * Streams a shared stream to `exchange` (`streamFollow.ts`): the events
   * after `afterSeq` (none for a new GET stream), then the live ones. A GET
   * stream first takes the session's lease (one across processes; a
   * resumption takes it over) and starts after what the last one delivered.
   */
  async #follow(
    exchange: HttpExchange,
    stream: string,
    afterSeq: number | undefined,
    owner: string | undefined,
    resuming: boolean,
  ): Promise<HttpError | undefined> {
    let lease: StreamLease | undefined;
    let from = afterSeq;
    if (stream === '0') {
      const taken = await this.#takeStandalone(resuming);
      if (taken === undefined) {
        this.#unavailable(exchange);
        return undefined;
      }
      if (taken instanceof HttpError) return taken;
      lease = taken.lease;
      if (!resuming) from = taken.cursor;
      this.#standaloneStreams++;
    }
    const follow = new StreamFollow(this.#followSession(), {
      stream,
      afterSeq: from,
      owner,
      lease,
      done: () => {
        if (lease !== undefined) this.#standaloneStreams--;
      },
    });
    if (!(await follow.start(exchange))) this.#unavailable(exchange);
    return undefined;
  }

  /**
   * Takes the session's GET stream lease, and reads where the last GET stream
   * stopped (on any process), so what came while none was open reaches a
   * client with no Last-Event-ID too. Undefined if the store cannot be reached.
   */
  async #takeStandalone(resuming: boolean): Promise<{ lease: StreamLease; cursor: number } | HttpError | undefined> {
    let lease: StreamLease | undefined;
    try {
      const taken = await StreamLease.take(this.#hub, `g:${this.id}`, crypto.randomUUID(), resuming);
      if (!(taken instanceof StreamLease)) return HttpError.conflict('Conflict: this session already has a GET stream open');
      lease = taken;
      const cursor = resuming ? 0 : Number((await this.#hub.leases.holder(cursorKey(this.id))) ?? '0') || 0;
      return { lease, cursor };
    } catch {
      lease?.release();
      return undefined;
    }
  }

  /** This session as a follow sees it. */
  #followSession(): FollowSession {
    const hub = this.#hub;
    return {
      id: this.id,
      node: hub.node,
      events: hub.events,
      leases: hub.leases,
      sessionTtlMs: hub.sessionTtlMs,
      priming: this.priming,
      retryMs: this.retryMs,
      keepAlive: this.keepAlive,
      alive: (node) => hub.alive(node),
      touch: () => {
        this.touch();
      },
    };
  }

  #unavailable(exchange: HttpExchange): void {
    const error = HttpError.unavailable('Service Unavailable: the shared session store cannot be reached');
    exchange.respond(error.status, { 'content-type': 'application/json' }, error.body());
  }
}

/** The event store a replica's POST streams write through: the shared log, under this session. */
function sharedAdapter(session: string, hub: ReplicaHost): EventStore {
  return {
    append: (stream, seq, data, pending) =>
      hub.events.append(session, stream, { seq, data, pending: pending === undefined ? [] : [...pending] }).then(() => undefined),
    after: (stream, seq) => hub.events.after(session, stream, seq),
    drop: () => undefined,
  };
}

export type { RoutedId };
