/**
 * PKCE (RFC 7636) with S256, the only method MCP clients use: a 43-character
 * verifier from 32 random bytes, and its SHA-256 challenge.
 *
 * @module
 */
import { randomToken, sha256 } from './base64url.js';

/** A verifier and its challenge. */
export interface Pkce {
  readonly verifier: string;
  readonly challenge: string;
  readonly method: 'S256';
}

/** A fresh PKCE pair. */
export async function createPkce(): Promise<Pkce> {
  const verifier = randomToken(32);
  return { verifier, challenge: await sha256(verifier), method: 'S256' };
}
