/**
 * A DPoP proof at the token endpoint, checked but not yet spent: its `jti`
 * goes into the replay cache only once the grant is good, so requests
 * refused anyway (a bogus code, a wrong secret) take no room there.
 *
 * @module
 */
import type { DpopCheck } from 'mcpkit/http';
import { oauthError } from './replies.js';

/** A checked DPoP proof whose `jti` is not yet recorded. */
export type TokenProof = Extract<DpopCheck, { ok: true }>;

/** Records the proof's `jti` once the grant is good: the refusal of a replayed proof, or undefined. */
export async function spendProof(proof: TokenProof | undefined): Promise<Response | undefined> {
  if (proof === undefined) return undefined;
  const recorded = await proof.record();
  return recorded.ok ? undefined : oauthError(400, 'invalid_dpop_proof', recorded.reason);
}
