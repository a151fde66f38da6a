/**
 * A resource server's view of `mcpkit auth-server`'s revocation list: the
 * `jti` of every JWT revoked before its expiry (a replayed authorization
 * code revokes its grant's tokens, RFC 6749 §4.1.2). A JWT verifies on its
 * signature alone, so without this a revoked token would keep working at the
 * resource server until it expired. The list is fetched when a token is
 * verified and the copy is older than `refreshMs` (one fetch at a time, at
 * most one per period): a revoked token is refused from at most `refreshMs`
 * after its revocation. The authorization server names the list in its
 * metadata (`mcpkit_revocation_list`, not a standard member); one that names
 * none gets no check. If the list cannot be fetched, the last copy stands.
 *
 * @module
 */
import type { TokenVerifier, VerifyResult } from 'mcpkit/http';

/** Options of {@link withRevocationList}. */
export interface RevocationListOptions {
  /** How old the copy of the list may be, ms. Default 5 s. */
  readonly refreshMs?: number;
  /** How `fetch` is done (default: the global one). */
  readonly fetch?: typeof fetch;
}

const REFRESH_MS = 5_000;

/** `verifier`, also refusing the tokens the issuer's revocation list names. */
export function withRevocationList(verifier: TokenVerifier, issuer: string, options: RevocationListOptions = {}): TokenVerifier {
  const refreshMs = options.refreshMs ?? REFRESH_MS;
  const fetcher = options.fetch ?? fetch;
  let listUrl: Promise<string | undefined> | undefined;
  let revoked: ReadonlySet<string> = new Set();
  let fetchedAt = -Infinity;
  let pending: Promise<void> | undefined;

  const refresh = async (): Promise<void> => {
    listUrl ??= discover(issuer, fetcher).catch(() => {
      listUrl = undefined; // the authorization server is not up yet: ask again next time
      return undefined;
    });
    const url = await listUrl;
    if (url === undefined) return;
    try {
      const response = await fetcher(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
      const body = (await response.json()) as { revoked?: unknown };
      if (response.ok && Array.isArray(body.revoked))
        revoked = new Set(body.revoked.filter((j): j is string => typeof j === 'string'));
    } catch {
      // The last copy stands.
    }
  };

  const current = async (): Promise<ReadonlySet<string>> => {
    if (Date.now() - fetchedAt >= refreshMs) {
      pending ??= refresh().finally(() => {
        fetchedAt = Date.now();
        pending = undefined;
      });
      await pending;
    }
    return revoked;
  };

  return async (token, context): Promise<VerifyResult> => {
    const result = await verifier(token, context);
    if (!result.ok) return result;
    const jti = result.token.claims?.['jti'];
    if (typeof jti === 'string' && (await current()).has(jti)) return { ok: false, reason: 'the access token was revoked' };
    return result;
  };
}

/** The list's URL, from the issuer's RFC 8414 metadata (path-aware); undefined when it names none. */
async function discover(issuer: string, fetcher: typeof fetch): Promise<string | undefined> {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  const response = await fetcher(`${url.origin}/.well-known/oauth-authorization-server${path}`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(5_000),
  });
  const metadata = (await response.json()) as Record<string, unknown>;
  const list = metadata['mcpkit_revocation_list'];
  // Only a list on the issuer's own origin: the metadata cannot send this server elsewhere.
  return response.ok && metadata['issuer'] === issuer && typeof list === 'string' && new URL(list).origin === url.origin
    ? list
    : undefined;
}
