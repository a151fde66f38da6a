/**
 * What the dev authorization server remembers, in memory: authorization
 * codes (single use, one minute), refresh tokens (rotated on every use; a
 * rotated-away one presented again revokes its whole family),
 * access tokens (for introspection and revocation), pending consents.
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
  /** The access and refresh tokens issued for it, revoked if the code is replayed (RFC 6749 §4.1.2). */
  readonly issued: string[];
}

/** An issued refresh token. */
export interface RefreshRecord {
  /** The grant it descends from: every token rotated from one authorization shares it. */
  readonly family: string;
  readonly clientId: string;
  readonly subject: string;
  readonly scopes: readonly string[];
  readonly resource: string | undefined;
}

/** An issued access token's claims (what introspection answers). */
export type AccessClaims = Readonly<Record<string, unknown>> & { readonly exp: number };

/** Everything the server keeps, with expiry sweeps on access. */
export class AuthState {
  readonly codes = new Map<string, CodeRecord>();
  readonly refresh = new Map<string, RefreshRecord>();
  /** Refresh tokens already rotated away, by family: presenting one again revokes the family (OAuth 2.1 §4.3.1). */
  readonly rotated = new Map<string, string>();
  readonly access = new Map<string, AccessClaims>();
  readonly consents = new Map<string, Grant & { readonly expires: number }>();

  /** Drops what expired (called on each request; the maps are small in development use). */
  sweep(now: number): void {
    for (const [k, v] of this.codes) if (v.expires + 60_000 < now) this.codes.delete(k);
    for (const [k, v] of this.consents) if (v.expires < now) this.consents.delete(k);
    for (const [k, v] of this.access) if (v.exp * 1000 < now) this.access.delete(k);
  }
}
