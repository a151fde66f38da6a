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
import type { HeaderMap } from '../../wire/headers.js';
import { messageEvent, primingEvent, SSE_HEADERS } from '../../wire/sse.js';
import type { EventStore } from '../eventStore.js';
import type { HttpExchange, StreamWriter } from '../exchange.js';
import { HttpError } from '../httpError.js';
import { HttpSession, type SessionDeps } from '../httpSession.js';
import { unref } from '../keepAlive.js';
import type { SharedEvent, SharedEventLog, SharedLeases } from '../../../scaleout/index.js';
import { StreamLease } from './streamLease.js';
import { parseSharedEventId, routedId, type RoutedId } from './sharedIds.js';

/** Events a GET stream wrote this recently before it closed may not have reached the client, in ms. */
const UNSURE_MS = 2000;

/** How often a follower of another process's stream checks that the process still runs, in ms. */
const LIVENESS_CHECK_MS = 1000;

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
   * Streams a shared stream to `exchange`: the events after `afterSeq` (none
   * for a new GET stream), then the live ones, until the stream's last event.
   * If the process that owns the stream stops first, its unanswered requests
   * get an error event, written once whoever notices.
   */
  async #follow(
    exchange: HttpExchange,
    stream: string,
    afterSeq: number | undefined,
    owner: string | undefined,
    resuming: boolean,
  ): Promise<HttpError | undefined> {
    const standalone = stream === '0';
    let lease: StreamLease | undefined;
    const cursorKey = `c:${this.id}`;
    if (standalone) {
      // One GET stream per session across processes; a resumption takes it over (the client left the old one).
      try {
        const taken = await StreamLease.take(this.#hub, `g:${this.id}`, crypto.randomUUID(), resuming);
        if (!(taken instanceof StreamLease)) return HttpError.conflict('Conflict: this session already has a GET stream open');
        lease = taken;
        // A new GET starts after what the session's last GET stream delivered (on any process), so what came
        // while none was open reaches a client with no Last-Event-ID too (it never had a stream, or forgot it).
        if (!resuming) afterSeq = Number((await this.#hub.leases.holder(cursorKey)) ?? '0') || 0;
      } catch {
        lease?.release();
        this.#unavailable(exchange);
        return undefined;
      }
      this.#standaloneStreams++;
    }
    let last = afterSeq ?? 0;
    // What the next GET may skip: the events written before the last `UNSURE_MS` (those since may have gone
    // into a connection that was already dropping; they come again rather than never).
    let sure = last;
    const recent: { readonly seq: number; readonly at: number }[] = [];
    let pending: readonly RequestId[] | undefined;
    let buffered: SharedEvent[] | undefined = afterSeq === undefined ? undefined : [];
    let ended = false;
    const deliver = (event: SharedEvent): void => {
      if (event.pending !== undefined) pending = event.pending;
      if (event.seq <= last || ended) return;
      last = event.seq;
      if (standalone) {
        const now = Date.now();
        recent.push({ seq: event.seq, at: now });
        while (recent.length > 0 && (recent[0] as { at: number }).at <= now - UNSURE_MS)
          sure = (recent.shift() as { seq: number }).seq;
      }
      writer.write(messageEvent(event.data, `${stream}_${String(event.seq)}`));
      if (!standalone && event.pending?.length === 0) {
        ended = true;
        writer.end();
      }
    };
    let off: () => void;
    try {
      off = await this.#hub.events.follow(this.id, (s, event) => {
        if (s !== stream) return;
        if (buffered !== undefined) buffered.push(event);
        else deliver(event);
      });
    } catch {
      if (standalone) this.#standaloneStreams--;
      lease?.release();
      this.#unavailable(exchange);
      return undefined;
    }
    const writer: StreamWriter = exchange.stream(200, SSE_HEADERS);
    if (this.priming) writer.write(primingEvent(`${stream}_${String(last)}`, this.retryMs));
    if (buffered !== undefined) {
      try {
        const kept = await this.#hub.events.after(this.id, stream, 0);
        for (const event of kept) deliver(event);
        if (!standalone && kept.length === 0) ended = true;
      } catch {
        ended = true;
      }
      const live = buffered;
      buffered = undefined;
      for (const event of live) deliver(event);
    }
    let watch: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      off();
      clearTimeout(watch);
      if (standalone) this.#standaloneStreams--;
      // What this stream delivered, for the session's next GET (a crash skips this: the next GET may repeat some).
      // Written before the lease is released, so the next holder reads it.
      if (standalone) {
        const now = Date.now();
        for (const r of recent) if (r.at <= now - UNSURE_MS) sure = r.seq;
        if (sure > (afterSeq ?? 0))
          this.#hub.leases.replace(cursorKey, String(sure), this.#hub.sessionTtlMs).catch(() => undefined);
      }
      lease?.release();
      this.touch();
    };
    if (ended) {
      writer.end();
      stop();
      return undefined;
    }
    this.keepAlive.add(writer);
    writer.onClose(stop);
    lease?.keep(() => {
      // Another process took the stream over (the client resumed there): this connection is stale.
      stop();
      writer.end();
    });
    if (owner !== undefined && owner !== this.#hub.node && !standalone) {
      const check = (): void => {
        watch = setTimeout(() => {
          void this.#hub.alive(owner).then(
            (alive) => {
              if (ended || !writer.open) return;
              if (alive) check();
              else void this.#orphaned(stream, last, pending ?? []);
            },
            () => {
              if (!ended && writer.open) check();
            },
          );
        }, LIVENESS_CHECK_MS);
        unref(watch);
      };
      check();
    }
    return undefined;
  }

  /** The owner of `stream` stopped: each request it left unanswered gets an error, appended once. */
  async #orphaned(stream: string, last: number, pending: readonly RequestId[]): Promise<void> {
    let seq = last;
    for (const [i, id] of pending.entries()) {
      const data = JSON.stringify({
        jsonrpc: '2.0',
        id,
        error: {
          code: -32603,
          message: 'The server process handling this request stopped before answering it; retry the request',
        },
      });
      await this.#hub.events
        .append(this.id, stream, { seq: ++seq, data, pending: pending.slice(i + 1) }, `orphan:${stream}:${String(id)}`)
        .catch(() => undefined);
    }
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
