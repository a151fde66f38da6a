/**
 * One handler's side of scale-out: it restores replicas of sessions other
 * processes opened, shares what changes (state, ends), and listens on the bus
 * for what arrives elsewhere for this process: answers to its server-to-client
 * requests, cancellations, server events (`list_changed`, `resources/updated`)
 * to fan out to its replicas and its `subscriptions/listen` streams. When the
 * store fails, requests in flight here end with a clear 503 instead of waiting
 * for answers that can no longer arrive.
 *
 * @module
 */
import { isObject } from '../../../protocol/check.js';
import type { ConnectOptions, SessionEvent, SessionSnapshot } from '../../../server/session.js';
import type { McpServer } from '../../../server/server.js';
import type { ServerView } from '../../../server/serverView.js';
import type { KeepAlive } from '../keepAlive.js';
import { HttpError } from '../httpError.js';
import type { SessionTable } from '../sessionTable.js';
import { SharedSession, type ReplicaHost } from './sharedSession.js';
import { parseRoutedId } from './sharedIds.js';
import {
  eventNotification,
  shareTasks,
  type SharedEventLog,
  type SharedLeases,
  type SharedStore,
} from '../../../scaleout/index.js';

const CONTROL = 'control';
const EVENTS = 'events';

type Control =
  | { readonly t: 'state'; readonly from: string; readonly s: string; readonly snapshot: SessionSnapshot }
  | { readonly t: 'ended'; readonly from: string; readonly s: string }
  | { readonly t: 'cancel'; readonly from: string; readonly s: string; readonly m: object };

interface Fanned {
  readonly from: string;
  readonly tag: string;
  readonly event: SessionEvent;
}

/** What the hub uses of its handler: the `McpServer` it serves and its view (scale-out shares its snapshots). */
export interface HubScope {
  readonly server: McpServer<unknown>;
  readonly view: Pick<ServerView, 'subscribe' | 'relay' | 'tasks'>;
  readonly keepAlive: KeepAlive;
  readonly options: { readonly retryMs: number };
}

/** The scale-out state of one handler. */
export class SharedHub implements ReplicaHost {
  readonly store: SharedStore;
  readonly #sessions: SessionTable;
  readonly #restoring = new Map<string, Promise<SharedSession | undefined>>();
  readonly #scope: HubScope;
  #started = false;
  #relaying = false;
  #offs: (() => void)[] = [];
  #ready: Promise<void> | undefined;

  constructor(store: SharedStore, sessions: SessionTable, scope: HubScope) {
    this.store = store;
    this.#sessions = sessions;
    this.#scope = scope;
  }

  get node(): string {
    return this.store.node;
  }

  get events(): SharedEventLog {
    return this.store.events;
  }

  get leases(): SharedLeases {
    return this.store.leases;
  }

  get sessionTtlMs(): number {
    return this.store.sessionTtlMs;
  }

  /**
   * Subscribes to the bus and to the server's events, once (again after a
   * failure). Requests do not wait for it: stateless ones need no shared state,
   * and a store that cannot be reached must not hold them up.
   */
  start(): void {
    this.#started = true;
    if (this.#ready !== undefined) return;
    this.#ready = this.#subscribe(this.#scope).catch(() => {
      for (const off of this.#offs.splice(0)) off();
      this.#ready = undefined;
    });
  }

  async #subscribe(scope: HubScope): Promise<void> {
    const bus = this.store.bus;
    const tasks = shareTasks(this.store, scope.view.tasks);
    tasks.catch(() => undefined); // awaited below, after the other subscriptions
    this.#offs.push(
      scope.view.subscribe({
        listChanged: (list) => {
          this.#fanOut({ kind: 'listChanged', list });
        },
        resourceUpdated: (uri) => {
          this.#fanOut({ kind: 'resourceUpdated', uri });
        },
      }),
      this.store.onFailure(() => {
        this.#failAll();
      }),
    );
    this.#offs.push(
      await bus.subscribe(`node:${this.node}`, (m) => {
        this.#onRouted(m);
      }),
    );
    this.#offs.push(
      await bus.subscribe(CONTROL, (m) => {
        this.#onControl(m);
      }),
    );
    this.#offs.push(
      await bus.subscribe(EVENTS, (m) => {
        this.#onEvent(m);
      }),
    );
    this.#offs.push(...(await tasks));
  }

  /** Unsubscribes (the handler closes). */
  stop(): void {
    for (const off of this.#offs) off();
    this.#offs = [];
  }

  alive(node: string): Promise<boolean> {
    return this.store.alive(node);
  }

  /** A new session for `initialize`. */
  create(id: string, principal: string | undefined): SharedSession {
    const { keepAlive, options } = this.#scope;
    return new SharedSession(id, principal, { keepAlive, retryMs: options.retryMs }, this);
  }

  /** Connects a replica to the server (`snapshot`: restored from the store). */
  async connect(session: SharedSession, snapshot?: SessionSnapshot): Promise<void> {
    session.server = await this.#scope.server.connect(session, this.connectOptions(session, snapshot));
  }

  /** How a replica connects to the server: state shared on change, events fanned out by the hub. */
  connectOptions(session: SharedSession, snapshot?: SessionSnapshot): ConnectOptions {
    return {
      sessionId: session.id,
      serverEvents: false,
      ...(snapshot !== undefined && { restore: snapshot }),
      onState: (state) => {
        session.saving = this.#save(session, state);
      },
      onClose: () => {
        if (this.#sessions.get(session.id) === session) this.#sessions.delete(session.id);
      },
    };
  }

  /** The replica of session `id`, restored from the store if this process has none; undefined if no such session. */
  find(id: string): Promise<SharedSession | undefined> {
    let restoring = this.#restoring.get(id);
    if (restoring === undefined) {
      restoring = this.#restore(id).finally(() => this.#restoring.delete(id));
      this.#restoring.set(id, restoring);
    }
    return restoring;
  }

  /** Extends the session's shared lifetime, at most ten times per lifetime; a session gone elsewhere closes here. */
  touch(session: SharedSession): void {
    const now = Date.now();
    if (session.lastTouch === undefined || now - session.lastTouch < this.store.sessionTtlMs / 10) return;
    session.lastTouch = now;
    this.store.sessions.touch(session.id).then(
      (alive) => {
        if (!alive) this.#closeLocal(session.id);
      },
      () => undefined,
    );
  }

  /**
   * Takes the messages of a POST apart: answers to another process's requests
   * go to it, cancellations go to every process; returns what is left for this
   * replica (undefined if nothing).
   */
  route(session: SharedSession, message: object): object | undefined {
    const items = (Array.isArray(message) ? message : [message]) as readonly Record<string, unknown>[];
    const kept: Record<string, unknown>[] = [];
    for (const m of items) {
      const routed = 'method' in m ? undefined : parseRoutedId(m['id']);
      if (routed !== undefined) {
        if (routed.node === this.node) kept.push({ ...m, id: routed.id });
        else void this.store.bus.publish(`node:${routed.node}`, JSON.stringify({ s: session.id, m })).catch(() => undefined);
        continue;
      }
      if (m['method'] === 'notifications/cancelled') this.#publish({ t: 'cancel', from: this.node, s: session.id, m });
      kept.push(m);
    }
    if (kept.length === 0) return undefined;
    return Array.isArray(message) ? kept : kept[0];
  }

  /** The session ended (DELETE): forget it everywhere. */
  async ended(session: SharedSession): Promise<void> {
    await this.store.sessions.remove(session.id);
    this.#publish({ t: 'ended', from: this.node, s: session.id });
  }

  async #restore(id: string): Promise<SharedSession | undefined> {
    const record = await this.store.sessions.load(id);
    if (record === undefined || !this.#started) return undefined;
    const existing = this.#sessions.get(id);
    if (existing instanceof SharedSession) return existing;
    if (!this.#sessions.reserve()) throw HttpError.unavailable('Service Unavailable: too many sessions');
    const session = this.create(id, record.principal);
    session.lastTouch = 0;
    await this.connect(session, record.snapshot);
    this.#sessions.add(session);
    return session;
  }

  async #save(session: SharedSession, snapshot: SessionSnapshot): Promise<void> {
    const record = session.principal === undefined ? { snapshot } : { principal: session.principal, snapshot };
    try {
      await this.store.sessions.save(session.id, record);
      session.lastTouch = Date.now();
    } catch {
      await session.close(HttpError.unavailable('Service Unavailable: the shared session store cannot be reached'));
      return;
    }
    this.#publish({ t: 'state', from: this.node, s: session.id, snapshot });
  }

  #publish(control: Control): void {
    this.store.bus.publish(CONTROL, JSON.stringify(control)).catch(() => undefined);
  }

  #fanOut(event: SessionEvent): void {
    if (this.#relaying) return;
    const fanned: Fanned = { from: this.node, tag: crypto.randomUUID(), event };
    this.store.bus.publish(EVENTS, JSON.stringify(fanned)).catch(() => undefined);
    // Sessions with no replica anywhere get it too, from the store (same tag: each session once).
    this.store.fanout.fanOut(event, eventNotification(event), fanned.tag).catch(() => undefined);
  }

  #onRouted(raw: string): void {
    const { s, m } = JSON.parse(raw) as { s: string; m: Record<string, unknown> };
    const session = this.#sessions.get(s);
    const routed = parseRoutedId(m['id']);
    if (session instanceof SharedSession && routed !== undefined) session.deliver({ ...m, id: routed.id });
  }

  #onControl(raw: string): void {
    const control = JSON.parse(raw) as Control;
    if (control.from === this.node) return;
    const session = this.#sessions.get(control.s);
    if (!(session instanceof SharedSession)) return;
    if (control.t === 'state') session.server?.applySnapshot(control.snapshot);
    else if (control.t === 'ended') this.#closeLocal(control.s);
    else if (isObject(control.m) && cancels(session, control.m)) session.deliver(control.m);
  }

  #onEvent(raw: string): void {
    const { from, tag, event } = JSON.parse(raw) as Fanned;
    for (const session of this.#sessions.values()) {
      if (!(session instanceof SharedSession)) continue;
      session.tag = tag;
      try {
        session.server?.serverEvent(event);
      } finally {
        session.tag = undefined;
      }
    }
    if (from === this.node) return;
    // This process's own listeners (subscriptions/listen streams) hear it too, without publishing it again.
    this.#relaying = true;
    try {
      this.#scope.view.relay(event.kind === 'listChanged' ? { listChanged: event.list } : { resourceUpdated: event.uri });
    } finally {
      this.#relaying = false;
    }
  }

  #closeLocal(id: string): void {
    const session = this.#sessions.get(id);
    if (session === undefined) return;
    this.#sessions.delete(id);
    void session.close();
  }

  /** The store failed: what is in flight here cannot finish; a clear 503 now, replicas restored when it is back. */
  #failAll(): void {
    const error = HttpError.unavailable('Service Unavailable: the shared session store cannot be reached');
    for (const session of [...this.#sessions.values()]) {
      // An HTTP+SSE session lives with its stream, not in the store: POSTs reaching this process still work.
      if (!(session instanceof SharedSession)) continue;
      this.#sessions.delete(session.id);
      void session.close(error);
    }
  }
}

/** True if a cancellation names a request this replica is serving. */
function cancels(session: SharedSession, message: Readonly<Record<string, unknown>>): boolean {
  const params = message['params'];
  if (!isObject(params)) return false;
  const id = params['requestId'];
  return (typeof id === 'string' || typeof id === 'number') && session.answers(id);
}
