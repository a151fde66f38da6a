/**
 * The JWT-bearer grant (RFC 7523 §2.1) at the dev authorization server, for
 * two kinds of assertion, told apart by their issuer:
 *
 * - an Identity Assertion JWT Authorization Grant (ID-JAG, the MCP
 *   enterprise-managed authorization extension) from the local identity
 *   provider (`--idp`): `typ` `oauth-id-jag+jwt`, for this server (`aud`),
 *   for the client presenting it (`client_id`), for the resource asked
 *   (`resource`), within the scopes it names, used once;
 * - a workload's JWT (workload identity federation) from an issuer trusted
 *   by flag, signed by a key of that issuer's JWKS, for this server.
 *
 * Any other issuer is refused: nothing an assertion names is fetched.
 *
 * @module
 */
import { checkAssertion, unverifiedClaims } from './assertions.js';
import type { Client } from './clients.js';
import type { DevAuthContext, WorkloadIssuer } from './context.js';
import { oauthError } from './replies.js';
import { randomToken } from './signer.js';
import { issue } from './issue.js';
import { spendProof, type TokenProof } from './tokenProof.js';

/** The grant: the assertion's issuer picks its rules. */
export async function jwtBearerGrant(
  ctx: DevAuthContext,
  client: Client,
  form: Map<string, string>,
  proof: TokenProof | undefined,
): Promise<Response> {
  if (ctx.idp === undefined && ctx.workloads.length === 0)
    return oauthError(400, 'unsupported_grant_type', 'this server trusts no assertion issuer (see --idp and --workload-issuer)');
  const assertion = form.get('assertion');
  if (assertion === undefined || assertion === '') return oauthError(400, 'invalid_request', 'assertion is missing');
  const iss = unverifiedClaims(assertion)?.['iss'];
  if (typeof iss !== 'string') return oauthError(400, 'invalid_grant', 'the assertion is not a JWT naming its issuer');
  if (ctx.idp !== undefined && iss === ctx.idp.issuer) return idJagGrant(ctx, client, form, assertion, proof);
  const workload = ctx.workloads.find((w) => w.issuer === iss);
  if (workload !== undefined) return workloadGrant(ctx, client, form, assertion, workload, proof);
  return oauthError(400, 'invalid_grant', `assertions issued by ${iss.slice(0, 200)} are not trusted here`);
}

async function idJagGrant(
  ctx: DevAuthContext,
  client: Client,
  form: Map<string, string>,
  assertion: string,
  proof: TokenProof | undefined,
): Promise<Response> {
  const idp = ctx.idp;
  if (idp === undefined) return oauthError(400, 'invalid_grant', 'no identity provider is trusted');
  const claims = await checkAssertion(ctx, assertion, {
    what: 'the ID-JAG',
    verifier: idp.idJagVerifier,
    audiences: [ctx.issuer],
    maxLifetimeSeconds: 600,
    singleUse: true,
  });
  if (typeof claims === 'string') return oauthError(400, 'invalid_grant', claims);
  if (claims['client_id'] !== client.clientId)
    return oauthError(400, 'invalid_grant', 'the ID-JAG was issued for another client');
  const subject = claims['sub'];
  if (typeof subject !== 'string' || subject === '') return oauthError(400, 'invalid_grant', 'the ID-JAG names no subject');
  const granted = typeof claims['resource'] === 'string' ? claims['resource'] : undefined;
  const resource = form.get('resource') ?? granted;
  if (granted !== undefined && resource !== granted)
    return oauthError(400, 'invalid_target', 'the ID-JAG was issued for another resource');
  const allowed = typeof claims['scope'] === 'string' ? claims['scope'].split(' ').filter((s) => s !== '') : undefined;
  const scopes = ctx.scopesOf(form.get('scope') ?? allowed?.join(' '));
  if (typeof scopes === 'string') return oauthError(400, 'invalid_scope', scopes);
  const wider = allowed === undefined ? undefined : scopes.find((s) => !allowed.includes(s));
  if (wider !== undefined) return oauthError(400, 'invalid_scope', `the ID-JAG does not grant the scope ${wider}`);
  const replayed = await spendProof(proof);
  if (replayed !== undefined) return replayed;
  const grantId = randomToken();
  const jkt = proof?.jkt;
  return (await issue(ctx, { client, grantId, subject, scopes, resource, refreshable: false, jkt })).response;
}

async function workloadGrant(
  ctx: DevAuthContext,
  client: Client,
  form: Map<string, string>,
  assertion: string,
  workload: WorkloadIssuer,
  proof: TokenProof | undefined,
): Promise<Response> {
  // Workload tokens (a platform's service account token, say) are reused until they expire: no single use.
  const claims = await checkAssertion(ctx, assertion, {
    what: 'the workload JWT',
    verifier: workload.verifier,
    audiences: [ctx.issuer, `${ctx.issuer}/token`],
    maxLifetimeSeconds: 24 * 3600,
    singleUse: false,
  });
  if (typeof claims === 'string') return oauthError(400, 'invalid_grant', claims);
  const subject = claims['sub'];
  if (typeof subject !== 'string' || subject === '') return oauthError(400, 'invalid_grant', 'the workload JWT names no subject');
  const scopes = ctx.scopesOf(form.get('scope'));
  if (typeof scopes === 'string') return oauthError(400, 'invalid_scope', scopes);
  const replayed = await spendProof(proof);
  if (replayed !== undefined) return replayed;
  const grantId = randomToken();
  const jkt = proof?.jkt;
  return (await issue(ctx, { client, grantId, subject, scopes, resource: form.get('resource'), refreshable: false, jkt }))
    .response;
}
