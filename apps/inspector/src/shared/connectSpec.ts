/**
 * What the inspector connects to: the connect form's fields, and the
 * command line's target, in one shape.
 *
 * @module
 */

/** A server process spoken to over stdio. */
export interface StdioSpec {
  readonly kind: 'stdio';
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** Pass the inspector's whole environment (not only the safe default set). */
  readonly inheritEnv?: boolean;
}

/** A server at a URL. */
export interface HttpSpec {
  readonly kind: 'http';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** `auto`: Streamable HTTP, falling back to HTTP+SSE; `sse`: HTTP+SSE only. */
  readonly transport: 'auto' | 'sse';
}

/** Where to connect, and how. */
export type ConnectSpec = (StdioSpec | HttpSpec) & {
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

/** Checks a spec that came from outside (the browser, a recording file); throws a TypeError that says what is wrong. */
export function parseConnectSpec(value: unknown): ConnectSpec {
  if (typeof value !== 'object' || value === null) throw new TypeError('the target must be an object');
  const v = value as Record<string, unknown>;
  const era = v['era'] ?? 'auto';
  if (typeof era !== 'string') throw new TypeError('era must be a string');
  const label = typeof v['label'] === 'string' ? { label: v['label'] } : {};
  if (v['kind'] === 'stdio') {
    if (typeof v['command'] !== 'string' || v['command'].trim() === '') throw new TypeError('a stdio target needs a command');
    const args = v['args'] ?? [];
    if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) throw new TypeError('args must be a list of strings');
    const env = v['env'] ?? {};
    if (!isStringRecord(env)) throw new TypeError('env must map names to strings');
    if (v['cwd'] !== undefined && typeof v['cwd'] !== 'string') throw new TypeError('cwd must be a string');
    return {
      kind: 'stdio',
      command: v['command'],
      args,
      env,
      era,
      ...label,
      ...(typeof v['cwd'] === 'string' && v['cwd'] !== '' && { cwd: v['cwd'] }),
      ...(v['inheritEnv'] === true && { inheritEnv: true }),
    };
  }
  if (v['kind'] === 'http') {
    if (typeof v['url'] !== 'string' || !/^https?:\/\//i.test(v['url']))
      throw new TypeError('an HTTP target needs an http(s):// URL');
    const headers = v['headers'] ?? {};
    if (!isStringRecord(headers)) throw new TypeError('headers must map names to strings');
    const transport = v['transport'] === 'sse' ? 'sse' : 'auto';
    return { kind: 'http', url: v['url'], headers, transport, era, ...label };
  }
  throw new TypeError('the target kind must be "stdio" or "http"');
}

/** A short name for a spec. */
export function labelOf(spec: ConnectSpec): string {
  if (spec.label !== undefined) return spec.label;
  return spec.kind === 'http' ? spec.url : [spec.command, ...spec.args].join(' ');
}
