/**
 * One subscription API for both eras.
 *
 * - Modern: each subscription is a long-lived `subscriptions/listen` request.
 *   The server acknowledges first, then tags every notification of the stream
 *   with `_meta.subscriptionId` (the request's id), which is how streams
 *   sharing a connection are told apart.
 * - Legacy: `resources/subscribe` per URI (shared by reference count between
 *   subscriptions), and the session's plain list-changed notifications.
 *
 * Subscriptions outlive connections: a dropped connection leaves them waiting,
 * and the next `connect` re-opens them (the server keeps no subscription state).
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import type { ClientSession } from './session.js';
import { ActiveSubscription, type SubscribeFilter, type Subscription, type SubscriptionListener, type SubscriptionOwner } from './subscription.js';
/** What the manager needs from the client. */
export interface SubscriptionHost {
    /** How long to wait for a stream's acknowledgment, ms. */
    readonly ackTimeoutMs: number;
    report(error: LocalError): void;
}
/** Every subscription of one client. */
export declare class SubscriptionManager implements SubscriptionOwner {
    #private;
    constructor(host: SubscriptionHost);
    /** How many subscriptions are open (or waiting for a connection). */
    get size(): number;
    /** Opens a subscription on `session`. */
    subscribe(session: ClientSession, filter: SubscribeFilter, listener: SubscriptionListener): Promise<Subscription>;
    /** A new connection: every subscription is opened again on it; those that fail end (reported). */
    reopen(session: ClientSession): Promise<void>;
    /** Routes a server notification to the subscriptions it belongs to. */
    route(session: ClientSession, method: string, params: Readonly<Record<string, unknown>>): void;
    /** Ends every subscription (the client is closing). */
    closeAll(): Promise<void>;
    /** SubscriptionOwner: the application closed `subscription`. */
    release(subscription: ActiveSubscription): Promise<void>;
    /** SubscriptionOwner: reports a local problem. */
    report(error: LocalError): void;
}
//# sourceMappingURL=subscriptions.d.ts.map