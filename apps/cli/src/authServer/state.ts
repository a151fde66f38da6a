/**
 * What the dev authorization server remembers, in memory: authorization
 * codes (single use, one minute), refresh tokens (rotated on every use; a
 * rotated-away one presented again revokes its whole grant), access tokens
 * (for introspection and revocation), pending consents, and the `jti` of
 * every access token revoked before its expiry (the revocation list resource
 * servers poll). Every token descends from one grant (an authorization code,
 * or a client credentials request): a replayed code revokes all of its
 * grant's tokens, refreshed ones included.
 *
 * @module
 */
import type { Client } from './clients.js';

/** An authorization request that passed its checks, waiting for a code or for consent. */
export interface Grant {
  readonly client: Client;
  readonly redirectUri: string;
  readonly state: string | undefined;
  readonly challenge: string;
  readonly scopes: readonly string[];
  readonly resource: string | undefined;
}

/** An issued code. */
export interface CodeRecord extends Grant {
  readonly subject: string;
  readonly expires: number;
  used: boolean;
  /** The grant its tokens belong to: all revoked if the code is replayed (RFC 6749 §4.1.2). */
  readonly grantId: string;
}

/** An issued refresh token. */
export interface RefreshRecord {
  /** The grant it descends from: every token rotated from one authorization shares it. */
  readonly grantId: string;
  readonly clientId: string;
  readonly subject: string;
  readonly scopes: readonly string[];
  readonly resource: string | undefined;
  /** The DPoP key a public client's refresh token is bound to (RFC 9449 §5). */
  readonly jkt?: string | undefined;
}

/** An issued access token's claims (what introspection answers). */
export type AccessClaims = Readonly<Record<string, unknown>> & { readonly exp: number; readonly jti: string };

/** An access token as kept: its claims and its grant. */
export interface AccessRecord {
  readonly grantId: string;
  readonly claims: AccessClaims;
}

/** Everything the server keeps, with expiry sweeps on access. */
export class AuthState {
  readonly codes = new Map<string, CodeRecord>();
  readonly refresh = new Map<string, RefreshRecord>();
  readonly access = new Map<string, AccessRecord>();
  /** Refresh tokens already rotated away, with their grant: presenting one again revokes the grant (OAuth 2.1 §4.3.1). */
  readonly rotated = new Map<string, string>();
  readonly consents = new Map<string, Grant & { readonly expires: number }>();
  /** Revoked access tokens' `jti`, with their `exp` (seconds): listed until they expire anyway. */
  readonly revoked = new Map<string, number>();
  /** `iss jti` of single-use assertions (client assertions, ID-JAGs) seen, with their `exp` (seconds). */
  readonly assertions = new Map<string, number>();

  /** Revokes every access and refresh token of a grant. */
  revokeGrant(grantId: string): void {
    for (const [token, record] of this.access)
      if (record.grantId === grantId) {
        this.revoked.set(record.claims.jti, record.claims.exp);
        this.access.delete(token);
      }
    for (const [token, record] of this.refresh) if (record.grantId === grantId) this.refresh.delete(token);
  }

  /** Drops what expired (called on each request; the maps are small in development use). */
  sweep(now: number): void {
    for (const [k, v] of this.codes) if (v.expires + 60_000 < now) this.codes.delete(k);
    for (const [k, v] of this.consents) if (v.expires < now) this.consents.delete(k);
    for (const [k, v] of this.access) if (v.claims.exp * 1000 < now) this.access.delete(k);
    for (const [k, exp] of this.revoked) if (exp * 1000 < now) this.revoked.delete(k);
    // Kept 60 s past exp: the verifier tolerates that much clock skew, so a replay then is still refused.
    for (const [k, exp] of this.assertions) if ((exp + 60) * 1000 < now) this.assertions.delete(k);
  }
}
