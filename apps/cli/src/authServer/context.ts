/**
 * What the endpoints of the dev authorization server share.
 *
 * @module
 */
import type { DpopVerifier, TokenVerifier } from 'mcpkit/http';
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

/** An issuer whose workload JWTs are exchanged for access tokens (workload identity federation). */
export interface WorkloadIssuer {
  readonly issuer: string;
  /** Checks the signature (by the issuer's keys) and `iss`. */
  readonly verifier: TokenVerifier;
}

/** Shared by the endpoints. */
export interface DevAuthContext {
  readonly issuer: string;
  readonly options: DevAuthSettings;
  readonly clients: Clients;
  readonly state: AuthState;
  readonly signer: Signer;
  /** Checks the DPoP proofs sent to the token endpoint. */
  readonly dpop: DpopVerifier;
  /** The local identity provider (`--idp`): its issuer and signing key, and the verifier of what it signs. */
  readonly idp:
    | {
        readonly issuer: string;
        readonly signer: Signer;
        readonly verifier: TokenVerifier;
        readonly idJagVerifier: TokenVerifier;
      }
    | undefined;
  /** The trusted issuers of workload JWTs. */
  readonly workloads: readonly WorkloadIssuer[];
  /** Where details kept from clients go (why their keys could not be fetched). */
  log(line: string): void;
  /** The requested `scope` parameter as a list, or why it is refused. */
  scopesOf(scope: string | undefined): readonly string[] | string;
}
