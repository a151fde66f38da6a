/**
 * Which servers and tools a caller may see and call, from the config's
 * policy and what the caller's access token says (its scopes and claims, as
 * the resource server verified them). Without a policy, everyone sees
 * everything; with one, what no rule allows is neither listed nor callable.
 *
 * @module
 */
import { isAuthInfo, type AuthInfo } from 'mcpkit/server';
import type { CallerMatch, PolicyRule } from './gatewayConfig.js';

function matches(match: CallerMatch, auth: AuthInfo | undefined): boolean {
  if (match === '*') return true;
  if (auth === undefined) return false;
  if (match.scope !== undefined && !auth.scopes.includes(match.scope)) return false;
  for (const [claim, value] of Object.entries(match.claims ?? {})) {
    const actual = auth.claims[claim];
    if (!(actual === value || (Array.isArray(actual) && actual.includes(value)))) return false;
  }
  return true;
}

/** What one caller may use. */
export class CallerPolicy {
  readonly #rules: readonly PolicyRule[];

  constructor(rules: readonly PolicyRule[]) {
    this.#rules = rules;
  }

  /** The rules that apply to a caller whose `ctx.auth` is `auth`. */
  #rulesFor(auth: unknown): PolicyRule[] {
    const info = isAuthInfo(auth) ? auth : undefined;
    return this.#rules.filter((r) => matches(r.callers, info));
  }

  /** True if the caller may use all of server `server`: its prompts and resources (a rule that names tools grants those tools only). */
  allowsServer(auth: unknown, server: string): boolean {
    return this.#rulesFor(auth).some((r) => r.tools === undefined && (r.servers.includes('*') || r.servers.includes(server)));
  }

  /** True if the caller may see and call tool `tool` (the name callers see) of server `server`. */
  allowsTool(auth: unknown, server: string, tool: string): boolean {
    return this.#rulesFor(auth).some(
      (r) => (r.servers.includes('*') || r.servers.includes(server)) && (r.tools === undefined || r.tools.includes(tool)),
    );
  }
}
