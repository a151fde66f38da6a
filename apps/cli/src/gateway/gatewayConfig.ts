/**
 * The `gateway` section of a config file: who may see and call what, and how
 * often. The servers themselves are read by the host's config reader (any
 * dialect it knows); this section sits beside them, e.g. beside `mcpServers`:
 *
 *     "gateway": {
 *       "policy": [
 *         { "callers": { "scope": "admin" }, "servers": ["*"] },
 *         { "callers": { "claims": { "sub": "alice" } }, "servers": ["memory"] },
 *         { "callers": "*", "servers": ["everything"], "tools": ["everything_echo"] }
 *       ],
 *       "rateLimit": { "perMinute": 600 }
 *     }
 *
 * Checked whole before anything starts: a rule that is not understood is an
 * error, never a rule that silently allows or denies nothing.
 *
 * @module
 */
import { parseJsonc } from 'mcpkit/host';

/** Which callers a rule is for. */
export type CallerMatch = '*' | { readonly scope?: string; readonly claims?: Readonly<Record<string, string>> };

/** One policy rule: these callers may see and call these servers' tools (all, or those named). */
export interface PolicyRule {
  readonly callers: CallerMatch;
  readonly servers: readonly string[];
  /** Tool names as callers see them (`server_tool`); absent: every tool of the servers. */
  readonly tools?: readonly string[];
}

/** The gateway section. */
export interface GatewaySettings {
  /** Absent: every caller sees everything. */
  readonly policy?: readonly PolicyRule[];
  /** Requests per minute per caller; absent: unlimited. */
  readonly perMinute?: number;
}

function fail(message: string): never {
  throw new Error(`gateway section: ${message}`);
}

function strings(value: unknown, where: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) fail(`${where} must be a list of strings`);
  return value;
}

function callers(value: unknown, where: string): CallerMatch {
  if (value === '*') return '*';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`${where}.callers must be "*" or an object`);
  const { scope, claims, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) fail(`${where}.callers has unknown keys: ${Object.keys(rest).join(', ')}`);
  if (scope !== undefined && typeof scope !== 'string') fail(`${where}.callers.scope must be a string`);
  if (claims !== undefined) {
    if (typeof claims !== 'object' || claims === null || !Object.values(claims).every((v) => typeof v === 'string'))
      fail(`${where}.callers.claims must map claim names to strings`);
  }
  if (scope === undefined && claims === undefined)
    fail(`${where}.callers names neither a scope nor claims (write "*" for everyone)`);
  return { ...(scope !== undefined && { scope }), ...(claims !== undefined && { claims: claims as Record<string, string> }) };
}

/** Reads the `gateway` section of a config file's text (none: defaults). */
export function gatewaySettings(text: string): GatewaySettings {
  const parsed = parseJsonc(text);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return {};
  const section = (parsed.value as Record<string, unknown>)['gateway'];
  if (section === undefined) return {};
  if (typeof section !== 'object' || section === null || Array.isArray(section)) fail('must be an object');
  const { policy, rateLimit, ...rest } = section as Record<string, unknown>;
  if (Object.keys(rest).length > 0) fail(`unknown keys: ${Object.keys(rest).join(', ')}`);
  let perMinute: number | undefined;
  if (rateLimit !== undefined) {
    const n = (rateLimit as Record<string, unknown> | null)?.['perMinute'];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1)
      fail('rateLimit.perMinute must be a whole number of requests, 1 or more');
    perMinute = n;
  }
  if (policy === undefined) return perMinute === undefined ? {} : { perMinute };
  if (!Array.isArray(policy)) fail('policy must be a list of rules');
  const rules = policy.map((rule: unknown, i): PolicyRule => {
    const where = `policy[${String(i)}]`;
    if (typeof rule !== 'object' || rule === null) fail(`${where} must be an object`);
    const r = rule as Record<string, unknown>;
    const tools = r['tools'] === undefined ? undefined : strings(r['tools'], `${where}.tools`);
    return {
      callers: callers(r['callers'], where),
      servers: strings(r['servers'], `${where}.servers`),
      ...(tools !== undefined && { tools }),
    };
  });
  return { policy: rules, ...(perMinute !== undefined && { perMinute }) };
}
