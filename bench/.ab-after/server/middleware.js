/** Applies `middleware` around `handler`; the first in the list is the outermost. */
export function compose(middleware, handler) {
    let composed = handler;
    for (let i = middleware.length - 1; i >= 0; i--) {
        const m = middleware[i];
        if (m !== undefined)
            composed = m(composed);
    }
    return composed;
}
//# sourceMappingURL=middleware.js.map