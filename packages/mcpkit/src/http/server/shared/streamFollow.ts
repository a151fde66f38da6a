/**
 * One shared stream written to one client connection (scale-out): the
 * events after a number (none for a new GET stream), then the live ones,
 * until the stream's last event. Its steps, in order: follow the log (events
 * heard meanwhile wait in a buffer), open the response, replay what is kept,
 * then keep the connection (keep-alive, the lease, the owner's liveness).
 * If the process that owns a POST stream stops first, its unanswered requests
 * get an error event, written once whoever notices. A GET stream remembers
 * what it surely delivered, for the session's next GET.
 *
 * @module
 */
import type { RequestId } from '../../../jsonrpc/message.js';
import type { SharedEvent, SharedEventLog, SharedLeases } from '../../../scaleout/index.js';
import { messageEvent, primingEvent, SSE_HEADERS } from '../../wire/sse.js';
import type { HttpExchange, StreamWriter } from '../exchange.js';
import { unref } from '../keepAlive.js';
import type { StreamLease } from './streamLease.js';

/** Events a GET stream wrote this recently before it closed may not have reached the client, in ms. */
const UNSURE_MS = 2000;

/** How often a follower of another process's stream checks that the process still runs, in ms. */
const LIVENESS_CHECK_MS = 1000;

/** Where a session's GET streams note what they delivered (in the leases, which expire with the session's lifetime). */
export function cursorKey(session: string): string {
  return `c:${session}`;
}

/** What a follow needs of its session. */
export interface FollowSession {
  readonly id: string;
  /** This process's id. */
  readonly node: string;
  readonly events: SharedEventLog;
  readonly leases: SharedLeases;
  /** How long an idle session lives, in ms (what a GET stream delivered is remembered as long). */
  readonly sessionTtlMs: number;
  readonly priming: boolean;
  readonly retryMs: number;
  readonly keepAlive: { add(writer: StreamWriter): void };
  /** Whether process `node` still runs. */
  alive(node: string): Promise<boolean>;
  /** The session was used (its idle timer starts again). */
  touch(): void;
}

/** Which stream to follow, and how. */
export interface FollowPlan {
  /** The stream's name in the log (`0`: the GET stream). */
  readonly stream: string;
  /** Replay the kept events after this number; undefined: live events only. */
  readonly afterSeq: number | undefined;
  /** The process owning a POST stream, watched while it is followed from elsewhere. */
  readonly owner: string | undefined;
  /** The GET stream's lease, released when the follow stops. */
  readonly lease: StreamLease | undefined;
  /** Called once when the follow stops (or fails to start). */
  readonly done: () => void;
}

/** One followed stream. */
export class StreamFollow {
  readonly #session: FollowSession;
  readonly #plan: FollowPlan;
  readonly #standalone: boolean;
  /** The last event number written. */
  #last: number;
  /** What the next GET may skip: events written before the last `UNSURE_MS` (later ones may be lost in a dropping connection). */
  #sure: number;
  readonly #recent: { readonly seq: number; readonly at: number }[] = [];
  /** The requests the stream still has to answer (from its latest event). */
  #pending: readonly RequestId[] = [];
  /** Live events heard while the kept ones are replayed; undefined once they go straight out. */
  #buffered: SharedEvent[] | undefined;
  #ended = false;
  #stopped = false;
  #writer: StreamWriter | undefined;
  #off: (() => void) | undefined;
  #watch: ReturnType<typeof setTimeout> | undefined;

  constructor(session: FollowSession, plan: FollowPlan) {
    this.#session = session;
    this.#plan = plan;
    this.#standalone = plan.stream === '0';
    this.#last = plan.afterSeq ?? 0;
    this.#sure = this.#last;
    this.#buffered = plan.afterSeq === undefined ? undefined : [];
  }

  /** Streams to `exchange`; false (and nothing written) if the store cannot be reached. */
  async start(exchange: HttpExchange): Promise<boolean> {
    if (!(await this.#subscribe())) {
      this.#plan.done();
      this.#plan.lease?.release();
      return false;
    }
    const writer = exchange.stream(200, SSE_HEADERS);
    this.#writer = writer;
    if (this.#session.priming) writer.write(primingEvent(`${this.#plan.stream}_${String(this.#last)}`, this.#session.retryMs));
    await this.#replay();
    if (this.#ended) {
      writer.end();
      this.#stop();
      return true;
    }
    this.#keep(writer);
    return true;
  }

  /** Step 1: follows the log; false if the store cannot be reached. */
  async #subscribe(): Promise<boolean> {
    try {
      this.#off = await this.#session.events.follow(this.#session.id, (stream, event) => {
        if (stream !== this.#plan.stream) return;
        if (this.#buffered !== undefined) this.#buffered.push(event);
        else this.#deliver(event);
      });
      return true;
    } catch {
      return false;
    }
  }

  /** Step 2: the kept events after the resumption point, then those heard meanwhile. */
  async #replay(): Promise<void> {
    const heard = this.#buffered;
    if (heard === undefined) return;
    try {
      const kept = await this.#session.events.after(this.#session.id, this.#plan.stream, 0);
      for (const event of kept) this.#deliver(event);
      // A POST stream with nothing kept has ended (or expired): nothing more will come.
      if (!this.#standalone && kept.length === 0) this.#ended = true;
    } catch {
      this.#ended = true;
    }
    this.#buffered = undefined;
    for (const event of heard) this.#deliver(event);
  }

  /** Step 3: keeps the connection until the client leaves, the lease is taken over, or the stream ends. */
  #keep(writer: StreamWriter): void {
    this.#session.keepAlive.add(writer);
    writer.onClose(() => {
      this.#stop();
    });
    this.#plan.lease?.keep(() => {
      // Another process took the stream over (the client resumed there): this connection is stale.
      this.#stop();
      writer.end();
    });
    const owner = this.#plan.owner;
    if (owner !== undefined && owner !== this.#session.node && !this.#standalone) this.#watchOwner(owner, writer);
  }

  #deliver(event: SharedEvent): void {
    if (event.pending !== undefined) this.#pending = event.pending;
    if (event.seq <= this.#last || this.#ended) return;
    this.#last = event.seq;
    if (this.#standalone) this.#written(event.seq);
    this.#writer?.write(messageEvent(event.data, `${this.#plan.stream}_${String(event.seq)}`));
    if (!this.#standalone && event.pending?.length === 0) {
      this.#ended = true;
      this.#writer?.end();
    }
  }

  /** Notes when a GET stream's event went out; those older than `UNSURE_MS` count as delivered. */
  #written(seq: number): void {
    const now = Date.now();
    this.#recent.push({ seq, at: now });
    this.#settle(now);
  }

  #settle(now: number): void {
    while (this.#recent.length > 0 && (this.#recent[0] as { at: number }).at <= now - UNSURE_MS)
      this.#sure = (this.#recent.shift() as { seq: number }).seq;
  }

  /** Watches the owner of a POST stream; if it stops first, its unanswered requests get an error. */
  #watchOwner(owner: string, writer: StreamWriter): void {
    this.#watch = setTimeout(() => {
      void this.#session.alive(owner).then(
        (alive) => {
          if (this.#ended || !writer.open) return;
          if (alive) this.#watchOwner(owner, writer);
          else void this.#orphaned();
        },
        () => {
          if (!this.#ended && writer.open) this.#watchOwner(owner, writer);
        },
      );
    }, LIVENESS_CHECK_MS);
    unref(this.#watch);
  }

  /** The owner stopped: each request it left unanswered gets an error, appended once (whoever notices). */
  async #orphaned(): Promise<void> {
    const { stream } = this.#plan;
    let seq = this.#last;
    const pending = this.#pending;
    for (const [i, id] of pending.entries()) {
      const data = JSON.stringify({
        jsonrpc: '2.0',
        id,
        error: {
          code: -32603,
          message: 'The server process handling this request stopped before answering it; retry the request',
        },
      });
      await this.#session.events
        .append(this.#session.id, stream, { seq: ++seq, data, pending: pending.slice(i + 1) }, `orphan:${stream}:${String(id)}`)
        .catch(() => undefined);
    }
  }

  #stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#off?.();
    clearTimeout(this.#watch);
    this.#plan.done();
    // Written before the lease is released, so the next holder reads it.
    if (this.#standalone) this.#rememberDelivered();
    this.#plan.lease?.release();
    this.#session.touch();
  }

  /** What this GET stream delivered, for the session's next GET (a crash skips this: the next GET may repeat some). */
  #rememberDelivered(): void {
    this.#settle(Date.now());
    if (this.#sure > (this.#plan.afterSeq ?? 0))
      this.#session.leases
        .replace(cursorKey(this.#session.id), String(this.#sure), this.#session.sessionTtlMs)
        .catch(() => undefined);
  }
}
