/**
 * One subscription, the same object in both eras. It outlives connections: on
 * each new connection the manager (`subscriptions.ts`) binds it again, to a
 * `subscriptions/listen` stream (modern) or to `resources/subscribe` plus the
 * session's list-changed notifications (legacy).
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import type { RequestId } from '../jsonrpc/message.js';
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
     * What the server agreed to send (modern: its acknowledgment; legacy: what
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
export type Binding = {
    readonly kind: 'modern';
    readonly id: RequestId;
    readonly controller: AbortController;
} | {
    readonly kind: 'legacy';
    readonly uris: readonly string[];
};
/** What a subscription needs from its manager. */
export interface SubscriptionOwner {
    release(subscription: ActiveSubscription): Promise<void>;
    report(error: LocalError): void;
}
/** The implementation of {@link Subscription}. */
export declare class ActiveSubscription implements Subscription {
    #private;
    readonly filter: SubscribeFilter;
    acknowledged: SubscribeFilter;
    binding: Binding | undefined;
    readonly done: Promise<void>;
    constructor(owner: SubscriptionOwner, filter: SubscribeFilter, listener: SubscriptionListener);
    /** True once ended. */
    get ended(): boolean;
    /** Hands a notification to the listener; a throwing listener is reported. */
    deliver(method: string, params: Readonly<Record<string, unknown>>): void;
    /** True if a legacy-era notification is one this subscription asked for. */
    wants(method: string, params: Readonly<Record<string, unknown>>): boolean;
    /** Marks the subscription ended (once). */
    end(): void;
    close(): Promise<void>;
}
/** The wire filter of `subscriptions/listen`. */
export declare function toWireFilter(filter: SubscribeFilter): SubscriptionFilter;
/** The client's view of an acknowledged wire filter. */
export declare function fromWireFilter(wire: unknown): SubscribeFilter;
//# sourceMappingURL=subscription.d.ts.map