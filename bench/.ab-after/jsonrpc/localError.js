/**
 * The local error family: failures that happen on this side and are never
 * serialized (a closed connection, a timeout, a cancelled call, a reply that
 * breaks the rules). Codes name a category, not a feature.
 *
 * @module
 */
/** A failure on this side of the connection; it never crosses the wire. */
export class LocalError extends Error {
    /** The category of the failure. */
    code;
    constructor(code, message, options) {
        super(message, options);
        this.name = 'LocalError';
        this.code = code;
    }
}
//# sourceMappingURL=localError.js.map