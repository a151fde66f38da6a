/**
 * Rules that match nothing: a typo in a deny rule (`time/get_curent_time`)
 * would otherwise let the tool it meant run. Each rule is checked against
 * the servers the host has and the tools they list; a problem names the
 * closest server or tool. A server whose tools are not known yet (it has not
 * started) is checked by name only.
 *
 * @module
 */
import type { Decision, PolicyOptions } from './policy.js';

/** A rule that matches nothing. */
export interface RuleProblem {
  /** The rule as written: `server`, `server/tool` or `server/*`. */
  readonly rule: string;
  readonly decision: Decision;
  /** The server it names. */
  readonly server: string;
  /** Why it matches nothing, with the closest name. */
  readonly message: string;
}

/** What the rules are checked against: each server's tool names, or undefined while they are unknown. */
export type KnownTools = ReadonlyMap<string, readonly string[] | undefined>;

/** Levenshtein distance (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The name of `names` closest to `wanted` (case-insensitive), if any. */
export function closest(wanted: string, names: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of names) {
    const d = editDistance(wanted.toLowerCase(), name.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}

/** Every rule of the policy (and the config's allow lists), flattened. */
function rulesOf(
  policy: PolicyOptions,
  allowed: readonly { readonly server: string; readonly tools: readonly string[] }[],
): { rule: string; decision: Decision; server: string; tool: string | undefined }[] {
  const out: { rule: string; decision: Decision; server: string; tool: string | undefined }[] = [];
  for (const [server, rule] of Object.entries(policy.servers ?? {})) {
    if (typeof rule === 'string') out.push({ rule: server, decision: rule, server, tool: undefined });
    else {
      if (rule.default !== undefined) out.push({ rule: server, decision: rule.default, server, tool: undefined });
      for (const [tool, decision] of Object.entries(rule.tools ?? {}))
        out.push({ rule: `${server}/${tool}`, decision, server, tool });
    }
  }
  for (const [key, decision] of Object.entries(policy.tools ?? {})) {
    const slash = key.indexOf('/');
    const server = slash < 0 ? key : key.slice(0, slash);
    const tool = slash < 0 || key.slice(slash + 1) === '*' ? undefined : key.slice(slash + 1);
    out.push({ rule: key, decision, server, tool });
  }
  for (const { server, tools } of allowed)
    for (const tool of tools) out.push({ rule: `${server}/${tool}`, decision: 'allow', server, tool });
  return out;
}

/** The rules that match no server or no tool, each with the closest name. */
export function unmatchedRules(
  policy: PolicyOptions,
  known: KnownTools,
  allowed: readonly { readonly server: string; readonly tools: readonly string[] }[] = [],
): RuleProblem[] {
  const problems: RuleProblem[] = [];
  for (const { rule, decision, server, tool } of rulesOf(policy, allowed)) {
    if (!known.has(server)) {
      const near = closest(server, known.keys());
      problems.push({
        rule,
        decision,
        server,
        message: `names no server ${JSON.stringify(server)}${near === undefined ? ' (there are none)' : `; the closest is ${JSON.stringify(near)}`}`,
      });
      continue;
    }
    const tools = known.get(server);
    if (tool === undefined || tools === undefined || tools.includes(tool)) continue;
    const near = closest(tool, tools);
    problems.push({
      rule,
      decision,
      server,
      message: `matches no tool of ${server}${near === undefined ? ' (it lists none)' : `; the closest is ${JSON.stringify(`${server}/${near}`)}`}`,
    });
  }
  return problems;
}
