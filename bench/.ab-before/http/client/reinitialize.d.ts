import { type FetchContext } from './fetcher.js';
import type { ReconnectPolicy } from './reconnect.js';
import { type HandshakeSession } from './session.js';
/** Starts a new session by replaying the recorded handshake. Resolves once the new session is in place. */
export declare function reinitialize(session: HandshakeSession, context: FetchContext, url: URL, policy: ReconnectPolicy, signal: AbortSignal): Promise<void>;
//# sourceMappingURL=reinitialize.d.ts.map