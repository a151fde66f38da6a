/**
 * Who may talk to the inspector. It runs commands on this machine for
 * whoever drives it, so every API request and the WebSocket handshake must
 * carry the random token from the printed URL, come to a loopback Host
 * (which defeats DNS rebinding: a rebound name arrives with its own Host),
 * and, when a browser sends an Origin, come from the inspector's own page.
 *
 * @module
 */
import { timingSafeEqual } from 'node:crypto';

/** A request's verdict: allowed, or refused with a status and a reason. */
export type Verdict = { readonly ok: true } | { readonly ok: false; readonly status: 400 | 401 | 403; readonly message: string };

/** What the guard knows of the server. */
export interface GuardOptions {
  readonly token: string;
  /** The port the server listens on, part of every allowed Host and Origin. */
  readonly port: number;
  /** Host names accepted besides the loopback ones (the `--host` given). */
  readonly extraHosts?: readonly string[];
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/** The token in a request: the `token` query parameter or the `x-mcpkit-inspector-token` header. */
export function tokenOf(url: URL, header: string | undefined): string | undefined {
  return header ?? url.searchParams.get('token') ?? undefined;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The hosts (`name:port`) the server answers to. */
export function allowedHosts(options: GuardOptions): Set<string> {
  const names = [...LOOPBACK, ...(options.extraHosts ?? [])].map((n) => (n.includes(':') && !n.startsWith('[') ? `[${n}]` : n));
  return new Set(names.map((n) => `${n.toLowerCase()}:${String(options.port)}`));
}

/**
 * Checks one request. `needsToken` is false for the page and its assets
 * (they hold no secret; the page reads the token from its own URL).
 */
export function check(
  options: GuardOptions,
  request: { readonly host: string | undefined; readonly origin: string | undefined; readonly token: string | undefined },
  needsToken: boolean,
): Verdict {
  const hosts = allowedHosts(options);
  if (request.host === undefined || !hosts.has(request.host.toLowerCase()))
    return {
      ok: false,
      status: 400,
      message: `the inspector answers only to ${[...hosts].join(', ')} (Host: ${request.host ?? 'none'})`,
    };
  if (request.origin !== undefined) {
    let originHost: string | undefined;
    try {
      const url = new URL(request.origin);
      originHost = url.protocol === 'http:' ? url.host.toLowerCase() : undefined;
    } catch {
      originHost = undefined;
    }
    if (originHost === undefined || !hosts.has(originHost))
      return { ok: false, status: 403, message: `requests from ${request.origin} are not allowed` };
  }
  if (needsToken && (request.token === undefined || !sameToken(request.token, options.token)))
    return { ok: false, status: 401, message: 'missing or wrong token: open the URL the inspector printed' };
  return { ok: true };
}
