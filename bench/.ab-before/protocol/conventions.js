import { isObject } from './check.js';
import { META_PROGRESS_TOKEN } from './meta.js';
function isId(value) {
    return typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));
}
/** `notifications/cancelled { requestId, reason? }`. */
export const mcpCancellation = {
    method: 'notifications/cancelled',
    notification: (id, reason) => ({
        method: 'notifications/cancelled',
        params: reason === undefined ? { requestId: id } : { requestId: id, reason },
    }),
    parse: (params) => {
        if (!isObject(params) || !isId(params['requestId']))
            return undefined;
        const reason = params['reason'];
        return typeof reason === 'string' ? { id: params['requestId'], reason } : { id: params['requestId'] };
    },
};
/** `notifications/progress { progressToken, progress, total?, message? }`, token in `params._meta.progressToken`. */
export const mcpProgress = {
    method: 'notifications/progress',
    attach: (params, token) => {
        const base = isObject(params) ? params : {};
        const meta = isObject(base['_meta']) ? base['_meta'] : {};
        return { ...base, _meta: { ...meta, [META_PROGRESS_TOKEN]: token } };
    },
    token: (params) => (isObject(params) && isId(params['progressToken']) ? params['progressToken'] : undefined),
};
//# sourceMappingURL=conventions.js.map