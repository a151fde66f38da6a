/**
 * The two metadata documents of MCP authorization and the URLs they are
 * found at: Protected Resource Metadata (RFC 9728) and Authorization Server
 * Metadata (RFC 8414 and OpenID Connect Discovery), both path-aware.
 *
 * @module
 */

/** RFC 9728 Protected Resource Metadata, the members MCP reads. */
export interface ProtectedResourceMetadata {
  readonly resource: string;
  readonly authorization_servers?: readonly string[];
  readonly scopes_supported?: readonly string[];
  readonly bearer_methods_supported?: readonly string[];
  readonly [member: string]: unknown;
}

/** RFC 8414 / OIDC authorization server metadata, the members MCP reads. */
export interface AuthorizationServerMetadata {
  readonly issuer: string;
  readonly authorization_endpoint?: string;
  readonly token_endpoint?: string;
  readonly registration_endpoint?: string;
  readonly scopes_supported?: readonly string[];
  readonly response_types_supported?: readonly string[];
  readonly grant_types_supported?: readonly string[];
  readonly token_endpoint_auth_methods_supported?: readonly string[];
  readonly code_challenge_methods_supported?: readonly string[];
  readonly client_id_metadata_document_supported?: boolean;
  readonly authorization_response_iss_parameter_supported?: boolean;
  readonly dpop_signing_alg_values_supported?: readonly string[];
  readonly [member: string]: unknown;
}

/**
 * Where the PRM of the server at `server` may be: the path-aware well-known
 * URL first (`/.well-known/oauth-protected-resource/mcp`), the server's query
 * kept (RFC 9728 §3.1 inserts the suffix between the host and the path and
 * query: `/mcp?tenant=a` has its metadata at
 * `/.well-known/oauth-protected-resource/mcp?tenant=a`), then the root one.
 */
export function resourceMetadataUrls(server: URL): URL[] {
  const path = server.pathname === '/' ? '' : server.pathname.replace(/\/$/, '');
  const urls = [new URL(`/.well-known/oauth-protected-resource${path}${server.search}`, server.origin)];
  if (path !== '' || server.search !== '') urls.push(new URL('/.well-known/oauth-protected-resource', server.origin));
  return urls;
}

/**
 * Where the metadata of the authorization server `issuer` may be, in the
 * 2025-11-25 order: for an issuer with a path, RFC 8414 path-inserted, OIDC
 * path-inserted, OIDC path-appended (never the root: that is another issuer's);
 * without a path, RFC 8414 then OIDC.
 */
export function authorizationServerMetadataUrls(issuer: URL): URL[] {
  const path = issuer.pathname === '/' ? '' : issuer.pathname.replace(/\/$/, '');
  if (path === '')
    return [
      new URL('/.well-known/oauth-authorization-server', issuer.origin),
      new URL('/.well-known/openid-configuration', issuer.origin),
    ];
  return [
    new URL(`/.well-known/oauth-authorization-server${path}`, issuer.origin),
    new URL(`/.well-known/openid-configuration${path}`, issuer.origin),
    new URL(`${path}/.well-known/openid-configuration`, issuer.origin),
  ];
}

/** True when `value` looks like a JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
