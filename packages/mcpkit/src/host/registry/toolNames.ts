/**
 * Model names for MCP tools. Both model APIs accept tool names matching
 * `^[a-zA-Z0-9_-]{1,64}$`; MCP tool names may be up to 128 characters with
 * dots and slashes, and two servers may offer the same name. The rule, in
 * full (documented in docs/host.md):
 *
 * 1. The name is `<server>__<tool>`, every character outside `[A-Za-z0-9_-]`
 *    replaced by `_`.
 * 2. A name over 64 characters keeps its first 55 and ends in `_` and 8 hex
 *    digits of a hash (FNV-1a) of the server and tool names.
 * 3. When several tools still share a name, they are ordered by server name,
 *    then tool name (code-unit order); the first keeps the name, the others
 *    end in `_2`, `_3`, … (shortened to fit), skipping names already taken.
 *
 * So the mapping is deterministic for a given set of tools, reversible through
 * the table, and never depends on the order servers happen to start in.
 *
 * @module
 */

/** The pattern model APIs accept. */
export const MODEL_TOOL_NAME: RegExp = /^[a-zA-Z0-9_-]{1,64}$/;

const MAX = 64;

/** FNV-1a, 32 bits, as 8 hex digits: short, stable, no crypto needed. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Steps 1 and 2: the name a tool asks for before collisions. */
export function baseToolName(server: string, tool: string): string {
  const name = `${server}__${tool}`.replace(/[^A-Za-z0-9_-]/g, '_');
  if (name.length <= MAX) return name;
  return `${name.slice(0, MAX - 9)}_${fnv1a(`${server}\u0000${tool}`)}`;
}

function withSuffix(base: string, n: number): string {
  const suffix = `_${String(n)}`;
  return `${base.slice(0, MAX - suffix.length)}${suffix}`;
}

/** A tool of a server. */
export interface ToolKey {
  readonly server: string;
  readonly tool: string;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Step 3: a unique model name for every (server, tool) pair, in the order given. */
export function assignToolNames(keys: readonly ToolKey[]): string[] {
  const bases = keys.map((k) => baseToolName(k.server, k.tool));
  const order = keys
    .map((_, i) => i)
    .sort((i, j) => {
      const a = keys[i] as ToolKey;
      const b = keys[j] as ToolKey;
      return compare(a.server, b.server) || compare(a.tool, b.tool);
    });
  const taken = new Set<string>();
  const names: string[] = new Array<string>(keys.length);
  // First pass: every tool whose base name is unclaimed keeps it, in sorted order.
  const waiting: number[] = [];
  for (const i of order) {
    const base = bases[i] as string;
    if (taken.has(base)) waiting.push(i);
    else {
      taken.add(base);
      names[i] = base;
    }
  }
  for (const i of waiting) {
    let n = 2;
    while (taken.has(withSuffix(bases[i] as string, n))) n++;
    const name = withSuffix(bases[i] as string, n);
    taken.add(name);
    names[i] = name;
  }
  return names;
}
