/**
 * The OAuth client the conformance client uses for the suite's `auth/*`
 * scenarios: headless (the suite's mock authorization server redirects at
 * once, so the authorization URL is fetched and its redirect read, never
 * followed), with the credentials, keys and assertions the scenario's
 * context hands over.
 *
 * @module
 */
import {
  enterpriseAssertion,
  importSigningKey,
  isJwsAlgorithm,
  OAuthClient,
  type AuthorizationHandler,
  type OAuthClientOptions,
  type PreRegisteredClient,
} from 'mcpkit/auth';
import { guardedAuthFetch } from 'mcpkit/node';

/** Where the mock authorization server sends the user agent back; never listened on. */
const REDIRECT_URI = 'http://localhost:3000/callback';
/** The Client ID Metadata Document URL the suite expects where the server supports CIMD. */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';

/** A user agent that visits the authorization URL and reports where it was redirected. */
const headless: AuthorizationHandler = {
  redirectUri: () => REDIRECT_URI,
  async authorize(url) {
    const response = await fetch(url, { redirect: 'manual' });
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (location === null) throw new Error(`the authorization endpoint answered ${response.status} without a redirect`);
    return new URL(location, url);
  },
};

function text(context: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = context[name];
  return typeof value === 'string' ? value : undefined;
}

/** The OAuth client for `scenario`, or undefined for a scenario without authorization. */
export async function conformanceAuth(
  scenario: string,
  context: Readonly<Record<string, unknown>>,
  log: (line: string) => void,
): Promise<OAuthClient | undefined> {
  if (!scenario.startsWith('auth/')) return undefined;
  const options: {
    -readonly [K in keyof OAuthClientOptions]: OAuthClientOptions[K];
  } = {
    handler: headless,
    guardedFetch: guardedAuthFetch(),
    clientMetadataUrl: CIMD_URL,
    clientName: 'mcpkit-conformance-client',
    onEvent: (event) => {
      log(`auth: ${event.type}${'issuer' in event ? ` ${event.issuer}` : ''}`);
    },
  };
  const clientId = text(context, 'client_id');
  const secret = text(context, 'client_secret');
  const pem = text(context, 'private_key_pem');
  if (clientId !== undefined) {
    const client: { -readonly [K in keyof PreRegisteredClient]: PreRegisteredClient[K] } = { clientId };
    if (secret !== undefined) client.clientSecret = secret;
    if (pem !== undefined) {
      const alg = text(context, 'signing_algorithm') ?? 'ES256';
      if (!isJwsAlgorithm(alg)) throw new Error(`unsupported signing_algorithm ${alg}`);
      client.privateKey = await importSigningKey(pem, alg);
    }
    options.client = client;
  }
  if (scenario.startsWith('auth/client-credentials')) options.grant = { type: 'client_credentials' };
  const idToken = text(context, 'idp_id_token');
  const idpTokenEndpoint = text(context, 'idp_token_endpoint');
  if (idToken !== undefined && idpTokenEndpoint !== undefined) {
    const idpClientId = text(context, 'idp_client_id');
    options.grant = {
      type: 'jwt_bearer',
      assertion: enterpriseAssertion({ idpTokenEndpoint, idToken, ...(idpClientId === undefined ? {} : { idpClientId }) }),
    };
  }
  const workloadJwt = text(context, 'valid_jwt');
  if (workloadJwt !== undefined) options.grant = { type: 'jwt_bearer', assertion: () => workloadJwt };
  if (scenario.startsWith('auth/dpop')) options.dpop = true;
  return new OAuthClient(options);
}
