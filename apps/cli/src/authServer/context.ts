/**
 * What the endpoints of the dev authorization server share.
 *
 * @module
 */
import type { Clients } from './clients.js';
import type { Signer } from './signer.js';
import type { AuthState } from './state.js';

/** The dev authorization server's settings, resolved. */
export interface DevAuthSettings {
  /** Answer authorization requests at once, without a consent page. */
  readonly autoApprove: boolean;
  /** The resource owner every code is issued for. */
  readonly subject: string;
  /** `scopes_supported`; when set, other scopes are refused (`invalid_scope`). */
  readonly scopes: readonly string[] | undefined;
  /** Access token lifetime, in seconds. */
  readonly accessTokenTtlSeconds: number;
  /** `jwt` (verifiable with the JWKS) or `opaque` (verifiable only by introspection). */
  readonly tokenFormat: 'jwt' | 'opaque';
}

/** Shared by the endpoints. */
export interface DevAuthContext {
  readonly issuer: string;
  readonly options: DevAuthSettings;
  readonly clients: Clients;
  readonly state: AuthState;
  readonly signer: Signer;
  /** The requested `scope` parameter as a list, or why it is refused. */
  scopesOf(scope: string | undefined): readonly string[] | string;
}
