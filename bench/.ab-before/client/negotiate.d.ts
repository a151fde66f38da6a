import type { EraPreference } from './options.js';
import type { ClientSession, Negotiated } from './session.js';
/** How to negotiate. */
export interface NegotiateOptions {
    readonly preference: EraPreference;
    /** How long the `auto` probe waits for `server/discover`, ms. */
    readonly probeTimeoutMs: number;
    readonly signal?: AbortSignal | undefined;
}
/** Negotiates the era and revision on a started session, and records the outcome in it. */
export declare function negotiate(session: ClientSession, options: NegotiateOptions): Promise<Negotiated>;
//# sourceMappingURL=negotiate.d.ts.map