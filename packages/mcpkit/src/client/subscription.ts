/**
 * One subscription, the same object in both eras. It outlives connections: on
 * each new connection the manager (`subscriptions.ts`) binds it again, to a
 * `subscriptions/listen` stream (stateless era) or to `resources/subscribe` plus the
 * session's list-changed notifications (handshake era).
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import type { RequestId } from '../jsonrpc/message.js';
import { isObject } from '../protocol/check.js';
import type { SubscriptionFilter } from '../protocol/types/index.js';

/** What to be told about. */
export interface SubscribeFilter {
  /** `notifications/tools/list_changed`. */
  readonly toolsListChanged?: boolean;
  /** `notifications/prompts/list_changed`. */
  readonly promptsListChanged?: boolean;
  /** `notifications/resources/list_changed`. */
  readonly resourcesListChanged?: boolean;
  /** `notifications/resources/updated` for these resource URIs. */
  readonly resources?: readonly string[];
}

/** A notification delivered to a subscription. */
export interface SubscriptionNotification {
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** Receives a subscription's notifications. */
export type SubscriptionListener = (notification: SubscriptionNotification) => void;

/** An open subscription. */
export interface Subscription {
  /** What was asked for. */
  readonly filter: SubscribeFilter;
  /**
   * What the server agreed to send (stateless era: its acknowledgment; handshake era: what
   * its capabilities offer). Types it omitted will never arrive. Updated when
   * the subscription is re-opened on a new connection.
   */
  readonly acknowledged: SubscribeFilter;
  /** Resolves when the subscription ends: closed by the application, ended by the server, or lost for good. */
  readonly done: Promise<void>;
  /** Ends the subscription (the server is told). Idempotent. */
  close(): Promise<void>;
}

/** How a subscription is bound to the current connection. */
export type Binding =
  | { readonly kind: 'stateless'; readonly id: RequestId; readonly controller: AbortController }
  | { readonly kind: 'handshake'; readonly uris: readonly string[] };

/** What a subscription needs from its manager. */
export interface SubscriptionOwner {
  release(subscription: ActiveSubscription): Promise<void>;
  report(error: LocalError): void;
}

/** The implementation of {@link Subscription}. */
export class ActiveSubscription implements Subscription {
  readonly filter: SubscribeFilter;
  acknowledged: SubscribeFilter = {};
  binding: Binding | undefined;
  readonly done: Promise<void>;
  readonly #listener: SubscriptionListener;
  readonly #owner: SubscriptionOwner;
  #resolveDone!: () => void;
  #ended = false;

  constructor(owner: SubscriptionOwner, filter: SubscribeFilter, listener: SubscriptionListener) {
    this.#owner = owner;
    this.filter = filter;
    this.#listener = listener;
    this.done = new Promise((resolve) => {
      this.#resolveDone = resolve;
    });
  }

  /** True once ended. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Hands a notification to the listener; a throwing listener is reported. */
  deliver(method: string, params: Readonly<Record<string, unknown>>): void {
    if (this.#ended) return;
    try {
      this.#listener({ method, params });
    } catch (error) {
      this.#owner.report(new LocalError('INVALID_ARGUMENT', `A subscription listener threw on ${method}`, { cause: error }));
    }
  }

  /** True if a handshake-era notification is one this subscription asked for. */
  wants(method: string, params: Readonly<Record<string, unknown>>): boolean {
    const f = this.filter;
    switch (method) {
      case 'notifications/tools/list_changed':
        return f.toolsListChanged === true;
      case 'notifications/prompts/list_changed':
        return f.promptsListChanged === true;
      case 'notifications/resources/list_changed':
        return f.resourcesListChanged === true;
      case 'notifications/resources/updated': {
        const uri = params['uri'];
        const uris = this.binding?.kind === 'handshake' ? this.binding.uris : [];
        // The updated URI may be a sub-resource of the one subscribed to.
        return typeof uri === 'string' && uris.some((u) => uri === u || uri.startsWith(u.endsWith('/') ? u : `${u}/`));
      }
      default:
        return false;
    }
  }

  /** Marks the subscription ended (once). */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#resolveDone();
  }

  close(): Promise<void> {
    if (this.#ended) return Promise.resolve();
    this.end();
    return this.#owner.release(this);
  }
}

/** The wire filter of `subscriptions/listen`. */
export function toWireFilter(filter: SubscribeFilter): SubscriptionFilter {
  return {
    ...(filter.toolsListChanged === true && { toolsListChanged: true }),
    ...(filter.promptsListChanged === true && { promptsListChanged: true }),
    ...(filter.resourcesListChanged === true && { resourcesListChanged: true }),
    ...(filter.resources !== undefined && filter.resources.length > 0 && { resourceSubscriptions: [...filter.resources] }),
  };
}

/** The client's view of an acknowledged wire filter. */
export function fromWireFilter(wire: unknown): SubscribeFilter {
  if (!isObject(wire)) return {};
  const uris = wire['resourceSubscriptions'];
  const resources = Array.isArray(uris) ? uris.filter((u): u is string => typeof u === 'string') : [];
  return {
    ...(wire['toolsListChanged'] === true && { toolsListChanged: true }),
    ...(wire['promptsListChanged'] === true && { promptsListChanged: true }),
    ...(wire['resourcesListChanged'] === true && { resourcesListChanged: true }),
    ...(resources.length > 0 && { resources }),
  };
}
