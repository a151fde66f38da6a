/**
 * From a 401 to the endpoints to use: Protected Resource Metadata (the
 * challenge's `resource_metadata`, else the path-aware then the root
 * well-known URL), its `resource` checked against the server, then the first
 * authorization server's metadata at its path-aware well-known URLs, its
 * `issuer` checked. A server without PRM is a 2025-03-26 one: its metadata is
 * looked for at its own origin, else the default endpoints (`/authorize`,
 * `/token`, `/register`) there are used.
 *
 * @module
 */
import { AuthorizationError } from './authorizationError.js';
import type { Challenge } from './challenge.js';
import { checkUrl, getJson, type AuthHttp } from './fetchJson.js';
import {
  authorizationServerMetadataUrls,
  resourceMetadataUrls,
  type AuthorizationServerMetadata,
  type ProtectedResourceMetadata,
} from './metadata.js';
import { withoutFragment } from './secureUrl.js';

/** What discovery found. */
export interface Discovery {
  /** The RFC 8707 resource to ask tokens for: the PRM's `resource`, else the server URL. */
  readonly resource: string;
  /** The protected resource metadata; undefined for a 2025-03-26 server. */
  readonly resourceMetadata: ProtectedResourceMetadata | undefined;
  /** The authorization server's issuer identifier. */
  readonly issuer: string;
  /** Its metadata; undefined when the 2025-03-26 default endpoints are used. */
  readonly metadata: AuthorizationServerMetadata | undefined;
  readonly authorizationEndpoint: URL;
  readonly tokenEndpoint: URL;
  readonly registrationEndpoint: URL | undefined;
}

/** Discovers how to authorize for the server at `server`, from its challenge (if any). */
export async function discover(http: AuthHttp, server: URL, challenge: Challenge | undefined): Promise<Discovery> {
  const prm = await resourceMetadata(http, server, challenge);
  if (prm === undefined) return legacyDiscovery(http, server);
  const first = prm.authorization_servers?.[0];
  if (typeof first !== 'string')
    throw new AuthorizationError(
      'discovery_failed',
      `The protected resource metadata of ${server.href} names no authorization server`,
    );
  const issuer = checkUrl(http, first, 'The authorization server');
  const metadata = await serverMetadata(http, issuer, first);
  if (metadata === undefined)
    throw new AuthorizationError('discovery_failed', `No authorization server metadata found for ${first}`);
  return fromMetadata(http, prm.resource, prm, first, metadata);
}

async function resourceMetadata(
  http: AuthHttp,
  server: URL,
  challenge: Challenge | undefined,
): Promise<ProtectedResourceMetadata | undefined> {
  const named = challenge?.params['resource_metadata'];
  const urls = named === undefined ? resourceMetadataUrls(server) : [checkUrl(http, named, 'The resource metadata URL')];
  for (const url of urls) {
    const reply = await getJson(http, url);
    if (reply.status < 200 || reply.status >= 300 || reply.body === undefined) continue;
    const resource = reply.body['resource'];
    if (typeof resource !== 'string')
      throw new AuthorizationError('discovery_failed', `The protected resource metadata at ${url.href} has no resource`);
    checkResource(resource, server);
    return reply.body as ProtectedResourceMetadata;
  }
  return undefined;
}

/**
 * The PRM's `resource` must be the server, or a prefix of it on the same
 * origin (a resource may cover several endpoints): anything else would have
 * the client ask for, and send, tokens meant for another resource.
 */
export function checkResource(resource: string, server: URL): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(resource);
  } catch {
    parsed = undefined;
  }
  const serverPath = server.pathname.endsWith('/') ? server.pathname : `${server.pathname}/`;
  const resourcePath = parsed === undefined || parsed.pathname.endsWith('/') ? parsed?.pathname : `${parsed.pathname}/`;
  if (
    parsed === undefined ||
    parsed.origin !== server.origin ||
    resourcePath === undefined ||
    !serverPath.startsWith(resourcePath)
  )
    throw new AuthorizationError(
      'resource_mismatch',
      `The protected resource metadata is for ${resource}, not for ${withoutFragment(server)}: refusing to authorize`,
    );
}

/** The first metadata document found for `issuer`, its `issuer` checked. */
async function serverMetadata(http: AuthHttp, issuerUrl: URL, issuer: string): Promise<AuthorizationServerMetadata | undefined> {
  for (const url of authorizationServerMetadataUrls(issuerUrl)) {
    const reply = await getJson(http, url);
    if (reply.status < 200 || reply.status >= 300 || reply.body === undefined) continue;
    const found = reply.body['issuer'];
    if (typeof found !== 'string' || !sameIssuer(found, issuer))
      throw new AuthorizationError(
        'issuer_mismatch',
        `The authorization server metadata at ${url.href} is for issuer ${String(found)}, not ${issuer}: refusing it`,
      );
    return reply.body as AuthorizationServerMetadata;
  }
  return undefined;
}

/**
 * RFC 8414 §3.3: identical issuers. The one difference allowed is the empty
 * path of an origin-only issuer, spelled with or without its `/`: both are the
 * same URL.
 */
function sameIssuer(a: string, b: string): boolean {
  if (a === b) return true;
  const bare = (s: string): string => (/^https?:\/\/[^/]+\/$/.test(s) ? s.slice(0, -1) : s);
  return bare(a) === bare(b);
}

function fromMetadata(
  http: AuthHttp,
  resource: string,
  prm: ProtectedResourceMetadata | undefined,
  issuer: string,
  metadata: AuthorizationServerMetadata,
): Discovery {
  const endpoint = (name: string): URL => {
    const value = metadata[name];
    if (typeof value !== 'string')
      throw new AuthorizationError('discovery_failed', `The authorization server ${issuer} has no ${name}`);
    return checkUrl(http, value, `The ${name}`);
  };
  const registration = metadata.registration_endpoint;
  return {
    resource,
    resourceMetadata: prm,
    issuer,
    metadata,
    authorizationEndpoint: endpoint('authorization_endpoint'),
    tokenEndpoint: endpoint('token_endpoint'),
    registrationEndpoint:
      typeof registration === 'string' ? checkUrl(http, registration, 'The registration_endpoint') : undefined,
  };
}

/**
 * 2025-03-26: no PRM; the authorization base URL is the server's origin. Its
 * RFC 8414 metadata is taken as found there (that revision names no issuer to
 * compare it with), else the default endpoints are used.
 */
async function legacyDiscovery(http: AuthHttp, server: URL): Promise<Discovery> {
  const base = checkUrl(http, server.origin, 'The authorization base URL');
  const resource = withoutFragment(server);
  for (const url of authorizationServerMetadataUrls(base)) {
    const reply = await getJson(http, url);
    if (reply.status < 200 || reply.status >= 300 || reply.body === undefined) continue;
    const issuer = reply.body['issuer'];
    return fromMetadata(
      http,
      resource,
      undefined,
      typeof issuer === 'string' ? issuer : base.origin,
      reply.body as AuthorizationServerMetadata,
    );
  }
  return {
    resource,
    resourceMetadata: undefined,
    issuer: base.origin,
    metadata: undefined,
    authorizationEndpoint: new URL('/authorize', base),
    tokenEndpoint: new URL('/token', base),
    registrationEndpoint: new URL('/register', base),
  };
}
