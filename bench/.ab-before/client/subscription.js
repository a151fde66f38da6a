/**
 * One subscription, the same object in both eras. It outlives connections: on
 * each new connection the manager (`subscriptions.ts`) binds it again, to a
 * `subscriptions/listen` stream (modern) or to `resources/subscribe` plus the
 * session's list-changed notifications (legacy).
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { isObject } from '../protocol/check.js';
/** The implementation of {@link Subscription}. */
export class ActiveSubscription {
    filter;
    acknowledged = {};
    binding;
    done;
    #listener;
    #owner;
    #resolveDone;
    #ended = false;
    constructor(owner, filter, listener) {
        this.#owner = owner;
        this.filter = filter;
        this.#listener = listener;
        this.done = new Promise((resolve) => {
            this.#resolveDone = resolve;
        });
    }
    /** True once ended. */
    get ended() {
        return this.#ended;
    }
    /** Hands a notification to the listener; a throwing listener is reported. */
    deliver(method, params) {
        if (this.#ended)
            return;
        try {
            this.#listener({ method, params });
        }
        catch (error) {
            this.#owner.report(new LocalError('INVALID_ARGUMENT', `A subscription listener threw on ${method}`, { cause: error }));
        }
    }
    /** True if a legacy-era notification is one this subscription asked for. */
    wants(method, params) {
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
                const uris = this.binding?.kind === 'legacy' ? this.binding.uris : [];
                // The updated URI may be a sub-resource of the one subscribed to.
                return typeof uri === 'string' && uris.some((u) => uri === u || uri.startsWith(u.endsWith('/') ? u : `${u}/`));
            }
            default:
                return false;
        }
    }
    /** Marks the subscription ended (once). */
    end() {
        if (this.#ended)
            return;
        this.#ended = true;
        this.#resolveDone();
    }
    close() {
        if (this.#ended)
            return Promise.resolve();
        this.end();
        return this.#owner.release(this);
    }
}
/** The wire filter of `subscriptions/listen`. */
export function toWireFilter(filter) {
    return {
        ...(filter.toolsListChanged === true && { toolsListChanged: true }),
        ...(filter.promptsListChanged === true && { promptsListChanged: true }),
        ...(filter.resourcesListChanged === true && { resourcesListChanged: true }),
        ...(filter.resources !== undefined && filter.resources.length > 0 && { resourceSubscriptions: [...filter.resources] }),
    };
}
/** The client's view of an acknowledged wire filter. */
export function fromWireFilter(wire) {
    if (!isObject(wire))
        return {};
    const uris = wire['resourceSubscriptions'];
    const resources = Array.isArray(uris) ? uris.filter((u) => typeof u === 'string') : [];
    return {
        ...(wire['toolsListChanged'] === true && { toolsListChanged: true }),
        ...(wire['promptsListChanged'] === true && { promptsListChanged: true }),
        ...(wire['resourcesListChanged'] === true && { resourcesListChanged: true }),
        ...(resources.length > 0 && { resources }),
    };
}
//# sourceMappingURL=subscription.js.map