/**
 * Notifications shared by several features: cancellation, progress, the
 * list-changed family, and the 2026-07-28 `subscriptions/listen` stream that
 * carries them.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions
 * @module
 */
import type { RequestId } from '../../jsonrpc/message.js';
import type { NotificationParams, ProgressToken, RequestParams, Result, ResultMeta } from './base.js';
/** Params of `notifications/cancelled`. */
export interface CancelledParams extends NotificationParams {
    /**
     * The request to cancel. Required except in 2025-11-25, whose schema leaves
     * it optional (tasks are cancelled with `tasks/cancel` instead).
     */
    readonly requestId?: RequestId;
    /** Why, for logs or the user. */
    readonly reason?: string;
}
/** Params of `notifications/progress`. */
export interface ProgressParams extends NotificationParams {
    /** The request's `_meta.progressToken`. */
    readonly progressToken: ProgressToken;
    /** Progress so far; increases with every notification. */
    readonly progress: number;
    /** The total, if known. */
    readonly total?: number;
    /** What is happening (2025-03-26+). */
    readonly message?: string;
}
/** Params of the `notifications/{tools,prompts,resources}/list_changed` notifications. */
export type ListChangedParams = NotificationParams;
/**
 * The notifications a client opts in to on a `subscriptions/listen` stream
 * (2026-07-28+); the server sends no others.
 */
export interface SubscriptionFilter {
    /** `notifications/tools/list_changed`. */
    readonly toolsListChanged?: boolean;
    /** `notifications/prompts/list_changed`. */
    readonly promptsListChanged?: boolean;
    /** `notifications/resources/list_changed`. */
    readonly resourcesListChanged?: boolean;
    /** `notifications/resources/updated` for these URIs (replaces `resources/subscribe`). */
    readonly resourceSubscriptions?: readonly string[];
    /** `notifications/tasks` for these tasks (tasks extension). */
    readonly taskIds?: readonly string[];
}
/** Params of `subscriptions/listen` (2026-07-28+). */
export interface SubscriptionsListenParams extends RequestParams {
    /** What to deliver on this stream. */
    readonly notifications: SubscriptionFilter;
}
/** The `_meta` of a `subscriptions/listen` result. */
export interface SubscriptionsListenResultMeta extends ResultMeta {
    /** The listen request's id: which stream this result closes. */
    readonly 'io.modelcontextprotocol/subscriptionId': RequestId;
}
/** Result of `subscriptions/listen`: the stream ended gracefully (2026-07-28+). */
export interface SubscriptionsListenResult extends Result {
    /** Identifies the stream that ended. */
    readonly _meta: SubscriptionsListenResultMeta;
}
/** Params of `notifications/subscriptions/acknowledged` (2026-07-28+). */
export interface SubscriptionsAcknowledgedParams extends NotificationParams {
    /** The requested notifications the server agreed to send. */
    readonly notifications: SubscriptionFilter;
}
//# sourceMappingURL=notifications.d.ts.map