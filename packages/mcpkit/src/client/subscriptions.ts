/**
 * One subscription API for both eras.
 *
 * - Stateless era: each subscription is a long-lived `subscriptions/listen` request.
 *   The server acknowledges first, then tags every notification of the stream
 *   with `_meta.subscriptionId` (the request's id), which is how streams
 *   sharing a connection are told apart.
 * - Handshake era: `resources/subscribe` per URI (shared by reference count between
 *   subscriptions), and the session's plain list-changed notifications.
 *
 * Subscriptions outlive connections: a dropped connection leaves them waiting,
 * and the next `connect` re-opens them (the server keeps no subscription state).
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import type { RequestId } from '../jsonrpc/message.js';
import { isObject } from '../protocol/check.js';
import { META_SUBSCRIPTION_ID } from '../protocol/meta.js';
import type { ClientSession } from './clientSession.js';
import {
  ActiveSubscription,
  fromWireFilter,
  toWireFilter,
  type SubscribeFilter,
  type Subscription,
  type SubscriptionListener,
  type SubscriptionOwner,
} from './subscription.js';

/** What the manager needs from the client. */
export interface SubscriptionSettings {
  /** How long to wait for a stream's acknowledgment, ms. */
  readonly ackTimeoutMs: number;
  report(error: LocalError): void;
}

/** Every subscription of one client. */
export class SubscriptionManager implements SubscriptionOwner {
  readonly #host: SubscriptionSettings;
  readonly #active = new Set<ActiveSubscription>();
  readonly #streams = new Map<RequestId, ActiveSubscription>();
  readonly #acks = new Map<RequestId, (filter: SubscribeFilter) => void>();
  readonly #uris = new Map<string, number>();
  #session: ClientSession | undefined;

  constructor(host: SubscriptionSettings) {
    this.#host = host;
  }

  /** How many subscriptions are open (or waiting for a connection). */
  get size(): number {
    return this.#active.size;
  }

  /** Opens a subscription on `session`. */
  async subscribe(session: ClientSession, filter: SubscribeFilter, listener: SubscriptionListener): Promise<Subscription> {
    this.#session = session;
    const subscription = new ActiveSubscription(this, filter, listener);
    this.#active.add(subscription);
    try {
      await this.#open(subscription, session);
    } catch (error) {
      this.#active.delete(subscription);
      subscription.end();
      throw error;
    }
    return subscription;
  }

  /** A new connection: every subscription is opened again on it; those that fail end (reported). */
  async reopen(session: ClientSession): Promise<void> {
    this.#session = session;
    this.#streams.clear();
    this.#acks.clear();
    this.#uris.clear();
    await Promise.all(
      [...this.#active].map(async (subscription) => {
        try {
          await this.#open(subscription, session);
        } catch (error) {
          this.#active.delete(subscription);
          subscription.end();
          this.#host.report(
            new LocalError('CONNECTION_CLOSED', 'A subscription could not be re-opened on the new connection', { cause: error }),
          );
        }
      }),
    );
  }

  /** Routes a server notification to the subscriptions it belongs to. */
  route(session: ClientSession, method: string, params: Readonly<Record<string, unknown>>): void {
    if (session !== this.#session) return;
    if (session.era !== 'stateless') {
      for (const subscription of this.#active) if (subscription.wants(method, params)) subscription.deliver(method, params);
      return;
    }
    if (method === 'notifications/cancelled') {
      // The server tore the stream down (shutdown); its final result may or may not follow.
      const torn = this.#streams.get(params['requestId'] as RequestId);
      if (torn !== undefined) this.#ended(torn);
      return;
    }
    const meta = params['_meta'];
    const id = isObject(meta) ? (meta[META_SUBSCRIPTION_ID] as RequestId | undefined) : undefined;
    if (id === undefined) return;
    if (method === 'notifications/subscriptions/acknowledged') {
      this.#acks.get(id)?.(fromWireFilter(params['notifications']));
      return;
    }
    this.#streams.get(id)?.deliver(method, params);
  }

  /** Ends every subscription (the client is closing). */
  async closeAll(): Promise<void> {
    await Promise.all([...this.#active].map((s) => s.close()));
  }

  /** SubscriptionOwner: the application closed `subscription`. */
  async release(subscription: ActiveSubscription): Promise<void> {
    this.#active.delete(subscription);
    const binding = subscription.binding;
    subscription.binding = undefined;
    if (binding?.kind === 'stateless') {
      this.#streams.delete(binding.id);
      // The engine sends notifications/cancelled for the listen request.
      binding.controller.abort('Subscription closed');
    } else if (binding?.kind === 'handshake') {
      await Promise.all(binding.uris.map((uri) => this.#drop(uri)));
    }
  }

  /** SubscriptionOwner: reports a local problem. */
  report(error: LocalError): void {
    this.#host.report(error);
  }

  #open(subscription: ActiveSubscription, session: ClientSession): Promise<void> {
    return session.era === 'stateless' ? this.#listen(subscription, session) : this.#handshake(subscription, session);
  }

  async #listen(subscription: ActiveSubscription, session: ClientSession): Promise<void> {
    const controller = new AbortController();
    let acknowledge!: (filter: SubscribeFilter) => void;
    let fail!: (error: unknown) => void;
    let acked = false;
    const ack = new Promise<SubscribeFilter>((resolve, reject) => {
      acknowledge = resolve;
      fail = reject;
    });
    const params = { notifications: toWireFilter(subscription.filter) };
    const { promise, id } = session.sendWithId('subscriptions/listen', params, {
      signal: controller.signal,
      timeoutMs: Infinity,
    });
    if (id === undefined) await promise;
    const streamId = id as RequestId;
    const binding = { kind: 'stateless', id: streamId, controller } as const;
    subscription.binding = binding;
    this.#streams.set(streamId, subscription);
    this.#acks.set(streamId, acknowledge);
    // Ids restart on every connection: act only while this very binding is current.
    const current = (): boolean => subscription.binding === binding;
    promise.then(
      () => {
        // A result ends the stream gracefully (server shutdown).
        if (!acked) fail(new LocalError('PROTOCOL_VIOLATION', 'The server ended subscriptions/listen before acknowledging it'));
        if (current()) this.#ended(subscription);
      },
      (error: unknown) => {
        if (!acked) fail(error);
        if (!current()) return;
        this.#streams.delete(streamId);
        this.#acks.delete(streamId);
        // A dropped connection leaves the subscription waiting for the next one; a cancel was ours.
        if (acked && !(error instanceof LocalError && (error.code === 'CONNECTION_CLOSED' || error.code === 'CANCELLED'))) {
          this.#host.report(new LocalError('PROTOCOL_VIOLATION', 'A subscription stream failed', { cause: error }));
          this.#ended(subscription);
        }
      },
    );
    const timeoutMs = this.#host.ackTimeoutMs;
    const timer = Number.isFinite(timeoutMs)
      ? setTimeout(() => {
          fail(new LocalError('REQUEST_TIMEOUT', `No acknowledgment of subscriptions/listen within ${String(timeoutMs)} ms`));
        }, timeoutMs)
      : undefined;
    try {
      subscription.acknowledged = await ack;
    } catch (error) {
      controller.abort('Subscription failed');
      throw error;
    } finally {
      acked = true;
      if (current()) this.#acks.delete(streamId);
      if (timer !== undefined) clearTimeout(timer);
    }
  }

  async #handshake(subscription: ActiveSubscription, session: ClientSession): Promise<void> {
    const caps = session.negotiated.serverCapabilities;
    const f = subscription.filter;
    const uris = caps.resources?.subscribe === true ? [...new Set(f.resources ?? [])] : [];
    const kept: string[] = [];
    try {
      await Promise.all(
        uris.map(async (uri) => {
          await this.#keep(session, uri);
          kept.push(uri);
        }),
      );
    } catch (error) {
      await Promise.all(kept.map((uri) => this.#drop(uri)));
      throw error;
    }
    subscription.binding = { kind: 'handshake', uris };
    subscription.acknowledged = {
      ...(f.toolsListChanged === true && caps.tools?.listChanged === true && { toolsListChanged: true }),
      ...(f.promptsListChanged === true && caps.prompts?.listChanged === true && { promptsListChanged: true }),
      ...(f.resourcesListChanged === true && caps.resources?.listChanged === true && { resourcesListChanged: true }),
      ...(uris.length > 0 && { resources: uris }),
    };
  }

  /** Handshake era: subscribes to `uri` unless another subscription already did. */
  async #keep(session: ClientSession, uri: string): Promise<void> {
    const count = this.#uris.get(uri) ?? 0;
    this.#uris.set(uri, count + 1);
    if (count > 0) return;
    try {
      await session.send('resources/subscribe', { uri });
    } catch (error) {
      this.#uris.delete(uri);
      throw error;
    }
  }

  /** Handshake era: unsubscribes from `uri` when no subscription wants it any more. */
  async #drop(uri: string): Promise<void> {
    const count = (this.#uris.get(uri) ?? 1) - 1;
    if (count > 0) {
      this.#uris.set(uri, count);
      return;
    }
    this.#uris.delete(uri);
    const session = this.#session;
    if (session?.isOpen !== true) return;
    await session.send('resources/unsubscribe', { uri }).catch((error: unknown) => {
      this.#host.report(new LocalError('PROTOCOL_VIOLATION', `resources/unsubscribe of ${uri} failed`, { cause: error }));
    });
  }

  /** The server ended a stream. */
  #ended(subscription: ActiveSubscription): void {
    const binding = subscription.binding;
    if (binding?.kind === 'stateless') {
      this.#streams.delete(binding.id);
      this.#acks.delete(binding.id);
    }
    this.#active.delete(subscription);
    subscription.binding = undefined;
    subscription.end();
  }
}
