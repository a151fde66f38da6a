/**
 * A robots.txt parser with the semantics the official server gets from
 * Protego: groups by user agent (a group applies when its name occurs in the
 * crawler's user agent string, the longest such name winning, `*` last),
 * the longest matching rule deciding (Allow on a tie), `*` and `$`
 * wildcards, percent-encoding normalized on both sides (RFC 9309).
 *
 * @module
 */

/** One Allow or Disallow rule. */
interface Rule {
  readonly allow: boolean;
  /** The pattern, normalized. */
  readonly pattern: string;
  readonly test: (path: string) => boolean;
}

const USER_AGENT = new Set(['user-agent', 'useragent', 'user agent']);
const DISALLOW = new Set(['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']);

/** Decodes %XX escapes of unreserved characters and upper-cases the rest, so equal paths compare equal. */
function normalize(path: string): string {
  return path
    .replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => {
      const c = String.fromCharCode(parseInt(hex, 16));
      return /[A-Za-z0-9\-._~]/.test(c) ? c : `%${hex.toUpperCase()}`;
    })
    .replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}

function compile(pattern: string): (path: string) => boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  if (!body.includes('*')) return anchored ? (p) => p === body : (p) => p.startsWith(body);
  const source = body
    .split(/\*+/)
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regex = new RegExp(`^${source}${anchored ? '$' : ''}`, 's');
  return (p) => regex.test(p);
}

/** A parsed robots.txt. */
export class RobotsTxt {
  readonly #groups = new Map<string, Rule[]>();

  constructor(text: string) {
    let current: Rule[][] = [];
    let lastWasAgent = false;
    for (const raw of text.split(/\r\n|\r|\n/)) {
      const line = raw.replace(/#.*$/, '').trim();
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const field = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (USER_AGENT.has(field)) {
        if (!lastWasAgent) current = [];
        const name = value.toLowerCase().replace(/\*/g, '') || (value.includes('*') ? '*' : '');
        if (name === '') continue;
        const rules = this.#groups.get(name) ?? [];
        this.#groups.set(name, rules);
        current.push(rules);
        lastWasAgent = true;
        continue;
      }
      lastWasAgent = false;
      const allow = field === 'allow';
      if ((!allow && !DISALLOW.has(field)) || value === '') continue;
      const pattern = normalize(value);
      for (const rules of current) rules.push({ allow, pattern, test: compile(pattern) });
    }
  }

  /** The rules for `userAgent`: the group whose name is the longest one found in it, else `*`. */
  #rulesFor(userAgent: string): readonly Rule[] {
    const ua = userAgent.trim().toLowerCase();
    let best: readonly Rule[] | undefined;
    let bestLength = 0;
    for (const [name, rules] of this.#groups) {
      if (name !== '*' && ua.includes(name) && name.length > bestLength) {
        best = rules;
        bestLength = name.length;
      }
    }
    return best ?? this.#groups.get('*') ?? [];
  }

  /** Whether `userAgent` may fetch `url` (its path and query are what the rules match). */
  canFetch(url: URL, userAgent: string): boolean {
    const path = normalize(`${url.pathname}${url.search}`) || '/';
    let decision: Rule | undefined;
    for (const rule of this.#rulesFor(userAgent)) {
      if (!rule.test(path)) continue;
      const longer = decision === undefined || rule.pattern.length > decision.pattern.length;
      const tieAllows = decision !== undefined && rule.pattern.length === decision.pattern.length && rule.allow;
      if (longer || tieAllows) decision = rule;
    }
    return decision?.allow ?? true;
  }
}
