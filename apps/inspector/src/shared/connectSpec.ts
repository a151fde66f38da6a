/**
 * What the inspector connects to: a server as mcpkit describes one
 * everywhere (`ServerConfig` of `mcpkit/host`), plus the era to speak and a
 * label. The connect form, the command line and recordings all give one;
 * {@link parseConnectSpec} is the one gate a spec from outside (the browser,
 * a recording file, the command line) passes.
 *
 * @module
 */
import type { ServerConfig } from 'mcpkit/host/config';

/** Where to connect, and how. */
export type ConnectSpec = ServerConfig & {
  /** `auto`, `handshake`, `stateless` or a revision (`2025-06-18`). */
  readonly era: string;
  /** How to name the connection; made from the command or URL when absent. */
  readonly label?: string;
};

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** The kind a spec names: `type` (today's), or `kind` with `transport` (recordings made before the inspector used `ServerConfig`). */
function typeOf(v: Readonly<Record<string, unknown>>): 'stdio' | 'http' | 'sse' {
  const type = v['type'] ?? (v['kind'] === 'http' && v['transport'] === 'sse' ? 'sse' : v['kind']);
  if (type === 'stdio' || type === 'http' || type === 'sse') return type;
  throw new TypeError('the target type must be "stdio", "http" or "sse"');
}

/**
 * Checks a spec that came from outside; throws a TypeError that says what is
 * wrong. Only how to reach the server is taken: never a grant (`allow`,
 * `trusted`), OAuth settings or timeouts, which a recording must not carry.
 */
export function parseConnectSpec(value: unknown): ConnectSpec {
  if (typeof value !== 'object' || value === null) throw new TypeError('the target must be an object');
  const v = value as Record<string, unknown>;
  const era = v['era'] ?? 'auto';
  if (typeof era !== 'string') throw new TypeError('era must be a string');
  const label = typeof v['label'] === 'string' ? { label: v['label'] } : {};
  const given = typeof v['name'] === 'string' && v['name'] !== '' ? v['name'] : undefined;
  const type = typeOf(v);
  if (type === 'stdio') {
    if (typeof v['command'] !== 'string' || v['command'].trim() === '') throw new TypeError('a stdio target needs a command');
    const args = v['args'] ?? [];
    if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) throw new TypeError('args must be a list of strings');
    const env = v['env'] ?? {};
    if (!isStringRecord(env)) throw new TypeError('env must map names to strings');
    if (v['cwd'] !== undefined && typeof v['cwd'] !== 'string') throw new TypeError('cwd must be a string');
    return {
      type,
      name: given ?? baseName(v['command']),
      command: v['command'],
      args,
      env,
      era,
      ...label,
      ...(typeof v['cwd'] === 'string' && v['cwd'] !== '' && { cwd: v['cwd'] }),
      ...(v['inheritEnv'] === true && { inheritEnv: true }),
    };
  }
  if (typeof v['url'] !== 'string' || !/^https?:\/\//i.test(v['url']))
    throw new TypeError('an HTTP target needs an http(s):// URL');
  let host: string;
  try {
    host = new URL(v['url']).host;
  } catch {
    throw new TypeError('an HTTP target needs a valid URL');
  }
  const headers = v['headers'] ?? {};
  if (!isStringRecord(headers)) throw new TypeError('headers must map names to strings');
  return { type, name: given ?? host, url: v['url'], headers, era, ...label };
}

/** A short name for a spec. */
export function labelOf(spec: ConnectSpec): string {
  if (spec.label !== undefined) return spec.label;
  return spec.type === 'stdio' ? [spec.command, ...spec.args].join(' ') : spec.url;
}
