/**
 * `WWW-Authenticate` (RFC 9110 §11.6.1) as the protocol reads it: the scheme
 * (`Bearer`, `DPoP`) and its parameters: `resource_metadata` (RFC 9728),
 * `scope`, `error` (`invalid_token`, `insufficient_scope`, `use_dpop_nonce`).
 *
 * @module
 */

/** One challenge. Parameter names are lower-cased. */
export interface Challenge {
  /** The scheme, lower-cased (`bearer`, `dpop`). */
  readonly scheme: string;
  /** Its auth-params. */
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Every challenge in a `WWW-Authenticate` value. Tolerant: a value it cannot
 * read yields what it could read, never an exception.
 */
export function parseChallenges(header: string | undefined): Challenge[] {
  if (header === undefined) return [];
  const challenges: { scheme: string; params: Record<string, string> }[] = [];
  // token68 is not used by MCP; parameters are `name=token` or `name="quoted"`, comma-separated.
  const re = /\s*(?:,\s*)*([A-Za-z0-9!#$%&'*+.^_`|~-]+)(?:\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,]*))?/gy;
  let current: { scheme: string; params: Record<string, string> } | undefined;
  let match: RegExpExecArray | null;
  while ((match = re.exec(header)) !== null && match[0] !== '') {
    const name = (match[1] as string).toLowerCase();
    const raw = match[2];
    if (raw === undefined) {
      current = { scheme: name, params: {} };
      challenges.push(current);
    } else if (current !== undefined) {
      current.params[name] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    }
  }
  return challenges;
}

/** The first Bearer or DPoP challenge (the ones MCP servers send), else the first one. */
export function mainChallenge(header: string | undefined): Challenge | undefined {
  const all = parseChallenges(header);
  return all.find((c) => c.scheme === 'bearer' || c.scheme === 'dpop') ?? all[0];
}

/** The scopes a challenge names, split on spaces. */
export function challengeScopes(challenge: Challenge | undefined): string[] | undefined {
  const scope = challenge?.params['scope'];
  return scope === undefined ? undefined : splitScopes(scope);
}

/** A space-separated scope string as a list without duplicates or empties. */
export function splitScopes(scope: string): string[] {
  return [...new Set(scope.split(/\s+/).filter((s) => s !== ''))];
}
