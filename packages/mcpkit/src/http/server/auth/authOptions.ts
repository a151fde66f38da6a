/**
 * The `auth` option of the HTTP handler: it makes the server an OAuth 2.1
 * resource server (the spec's authorization section), and the defaults.
 *
 * @see 2025-11-25 `basic/authorization.mdx`, 2026-07-28 `basic/authorization/index.mdx`
 * @module
 */
import { LocalError } from '../../../jsonrpc/localError.js';
import { canonicalResource } from './canonical.js';
import { DpopVerifier, type DpopOptions } from './dpopProof.js';
import type { TokenVerifier } from './verifier.js';

/** The scopes a request needs, per tool, prompt and resource. */
export interface FeatureScopes {
  /** `tools/call` of a tool, by name. */
  readonly tools?: Readonly<Record<string, readonly string[]>>;
  /** `prompts/get` of a prompt, by name. */
  readonly prompts?: Readonly<Record<string, readonly string[]>>;
  /**
   * `resources/read`, `resources/subscribe` and `resources/unsubscribe` of a
   * resource: keys are URIs, or RFC 6570 templates (a key with `{`) that
   * match many.
   */
  readonly resources?: Readonly<Record<string, readonly string[]>>;
}

/** How the HTTP handler protects a server with OAuth bearer tokens. */
export interface AuthOptions {
  /** Verifies bearer tokens: `jwtVerifier`, `introspectionVerifier`, or your own function. */
  readonly verifier: TokenVerifier;
  /** The issuers of the authorization servers that issue tokens for this server (at least one). */
  readonly authorizationServers: readonly string[];
  /**
   * The canonical URI of this server, e.g. `https://mcp.example.com/mcp`: the
   * audience every token must name (RFC 8707), and the `resource` of the
   * Protected Resource Metadata. Required, except with `serveHttp`, which
   * uses the URL it listens on. Never taken from the request's `Host`: a
   * token issued for another server would then pass the audience check.
   */
  readonly resource?: string;
  /** Scopes every request needs (default: none beyond a valid token). */
  readonly requiredScopes?: readonly string[];
  /** Scopes of particular tools, prompts and resources, checked on top of `requiredScopes`. */
  readonly scopes?: FeatureScopes;
  /**
   * Scope hierarchies: a broader scope and the narrower ones it implies
   * (`{ 'files:admin': ['files:read', 'files:write'] }`). The 2026-07-28 spec
   * asks servers to honour them.
   */
  readonly scopeImplies?: Readonly<Record<string, readonly string[]>>;
  /** `scopes_supported` in the metadata (default: every scope named in these options). */
  readonly scopesSupported?: readonly string[];
  /** A human-readable name of the resource (`resource_name`). */
  readonly resourceName?: string;
  /** Where people read about it (`resource_documentation`). */
  readonly resourceDocumentation?: string;
  /** Check that tokens name this server in `aud` (default true; turn off only if the verifier checks the audience itself). */
  readonly checkAudience?: boolean;
  /** Seconds of clock skew tolerated when checking `exp` (default 30). */
  readonly clockToleranceSeconds?: number;
  /**
   * DPoP (RFC 9449): how proofs beside DPoP-bound tokens (`Authorization:
   * DPoP`, a `cnf.jkt` claim) are checked, or `false` to accept Bearer tokens
   * only. A DPoP-bound token presented as Bearer is refused either way.
   * Default: accepted, with the defaults of {@link DpopOptions}.
   */
  readonly dpop?: DpopOptions | false;
}

/** The options with every default applied. */
export interface ResolvedAuth {
  readonly verifier: TokenVerifier;
  readonly authorizationServers: readonly string[];
  readonly resource: string;
  /** The path of the Protected Resource Metadata (path-aware, RFC 9728 §3.1). */
  readonly metadataPath: string;
  /** Its full URL (the `resource_metadata` of challenges), with the resource's query. */
  readonly metadataUrl: string;
  readonly requiredScopes: readonly string[];
  readonly scopes: FeatureScopes;
  readonly scopeImplies: Readonly<Record<string, readonly string[]>>;
  readonly scopesSupported: readonly string[];
  readonly resourceName: string | undefined;
  readonly resourceDocumentation: string | undefined;
  readonly checkAudience: boolean;
  readonly clockToleranceSeconds: number;
  /** Checks DPoP proofs (one replay cache for every request); undefined: Bearer only. */
  readonly dpop: DpopVerifier | undefined;
}

/** The well-known path of RFC 9728. */
export const PROTECTED_RESOURCE_WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** Applies the defaults; throws `INVALID_ARGUMENT` for an unusable configuration. */
export function resolveAuth(options: AuthOptions, resourceFallback?: string): ResolvedAuth {
  const raw = options.resource ?? resourceFallback;
  if (raw === undefined)
    throw new LocalError('INVALID_ARGUMENT', 'auth.resource is required: the canonical URI of this server (its audience)');
  const resource = canonicalResource(raw);
  if (resource === undefined)
    throw new LocalError('INVALID_ARGUMENT', `auth.resource ${JSON.stringify(raw)} is not an absolute http(s) URI`);
  if (options.authorizationServers.length === 0)
    throw new LocalError('INVALID_ARGUMENT', 'auth.authorizationServers must name at least one authorization server');
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname;
  const metadataPath = `${PROTECTED_RESOURCE_WELL_KNOWN}${path}`;
  const scopes = options.scopes ?? {};
  return {
    verifier: options.verifier,
    authorizationServers: options.authorizationServers,
    resource,
    metadataPath,
    // RFC 9728 §3.1: the well-known suffix goes between the host and the path and query; the query stays.
    metadataUrl: `${url.origin}${metadataPath}${url.search}`,
    requiredScopes: options.requiredScopes ?? [],
    scopes,
    scopeImplies: options.scopeImplies ?? {},
    scopesSupported: options.scopesSupported ?? namedScopes(options.requiredScopes ?? [], scopes),
    resourceName: options.resourceName,
    resourceDocumentation: options.resourceDocumentation,
    checkAudience: options.checkAudience ?? true,
    clockToleranceSeconds: options.clockToleranceSeconds ?? 30,
    dpop: options.dpop === false ? undefined : new DpopVerifier(options.dpop),
  };
}

/**
 * The same protection for the legacy HTTP+SSE endpoint (2024-11-05): a client
 * that connects to `ssePath` takes that URL as the resource, so it gets its
 * own Protected Resource Metadata and audience. The resource is the main
 * one with its last `path` segment(s) swapped for `ssePath` (keeping any
 * prefix a proxy adds), or `ssePath` on the same origin. Tokens for one
 * endpoint are refused at the other: audience checks stay exact.
 */
export function legacySseAuth(main: ResolvedAuth, path: string, ssePath: string): ResolvedAuth {
  const url = new URL(main.resource);
  const base = url.pathname.endsWith(path) ? url.pathname.slice(0, url.pathname.length - path.length) : '';
  const resource = `${url.origin}${base}${ssePath}`;
  const metadataPath = `${PROTECTED_RESOURCE_WELL_KNOWN}${base}${ssePath}`;
  return { ...main, resource, metadataPath, metadataUrl: `${url.origin}${metadataPath}` };
}

/** Every scope the options name, once, in order of appearance. */
function namedScopes(required: readonly string[], scopes: FeatureScopes): string[] {
  const all = new Set(required);
  for (const table of [scopes.tools, scopes.prompts, scopes.resources])
    for (const list of Object.values(table ?? {})) for (const s of list) all.add(s);
  return [...all];
}
