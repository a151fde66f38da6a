/**
 * Where the fetch server may connect: public addresses only, unless the
 * operator allowed a host (`--allow-host HOST[:PORT]`) or private networks
 * (`--allow-private`, which still keeps cloud metadata out). Host names are
 * judged by the addresses they resolve to, at connection time.
 *
 * @module
 */
import { FetchRefused } from '../errors.js';
import { addressKind, hostKind, withArticle, type AddressCheck, type AddressKind } from 'mcpkit/node';

/** Options of {@link AddressPolicy}. */
export interface AddressPolicyOptions {
  /** `HOST` or `HOST:PORT` entries (IPv6 in brackets) that may be fetched whatever they resolve to. */
  readonly allowHosts?: readonly string[];
  /** Allow loopback, private, link-local, CGNAT and reserved addresses (never cloud metadata). */
  readonly allowPrivate?: boolean;
}

/** One `--allow-host` entry, canonical. */
interface AllowedHost {
  readonly hostname: string;
  /** Empty: any port. */
  readonly port: string;
}

/** The port a URL connects to. */
export function effectivePort(url: URL): string {
  return url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
}

function parseAllowed(entry: string): AllowedHost {
  let url: URL;
  try {
    url = new URL(`http://${entry}`);
  } catch {
    throw new FetchRefused(`--allow-host: not a host or host:port: ${entry}`);
  }
  if (url.pathname !== '/' || url.search !== '' || url.username !== '' || url.hash !== '') {
    throw new FetchRefused(`--allow-host: not a host or host:port: ${entry}`);
  }
  // new URL drops :80 for http; keep the port the entry named.
  const port = /:(\d+)$/.exec(entry)?.[1] ?? '';
  return { hostname: url.hostname, port: port === '' ? '' : String(Number(port)) };
}

/** Decides which hosts and addresses a fetch may connect to. */
export class AddressPolicy implements AddressCheck {
  readonly #allowed: readonly AllowedHost[];
  readonly #allowPrivate: boolean;

  constructor(options: AddressPolicyOptions = {}) {
    this.#allowed = (options.allowHosts ?? []).map(parseAllowed);
    this.#allowPrivate = options.allowPrivate ?? false;
  }

  /** Whether the operator allowed this host (canonical URL hostname) on this port. */
  isAllowedHost(hostname: string, port: string): boolean {
    return this.#allowed.some((a) => a.hostname === hostname && (a.port === '' || a.port === port));
  }

  /** Why a connection to `address` is refused, or undefined if it may go ahead. */
  #refusal(address: string): AddressKind | undefined {
    const kind = addressKind(address);
    if (kind === undefined || (this.#allowPrivate && kind !== 'cloud metadata')) return undefined;
    return kind;
  }

  /** Throws unless `url` may be fetched as far as can be told before resolving its host. */
  checkUrl(url: URL): void {
    const port = effectivePort(url);
    if (this.isAllowedHost(url.hostname, port)) return;
    const host = url.hostname.toLowerCase();
    const named = hostKind(host);
    if (named === undefined || (this.#allowPrivate && named !== 'cloud metadata')) return;
    throw this.refused(url, host, named);
  }

  /** Throws unless a connection for `url` may go to `address` (what its host resolved to). */
  checkAddress(url: URL, address: string): void {
    if (this.isAllowedHost(url.hostname, effectivePort(url))) return;
    const kind = this.#refusal(address);
    if (kind !== undefined) throw this.refused(url, address, kind, url.hostname !== address && `[${address}]` !== url.hostname);
  }

  /** The refusal, explaining what was refused and how the operator can allow it. */
  refused(url: URL, address: string, kind: AddressKind, resolved = false): FetchRefused {
    const where = resolved
      ? `${url.hostname} resolves to ${address}, ${withArticle(kind)} address`
      : `${address} is ${withArticle(kind)} address`;
    return new FetchRefused(
      `Refused to fetch ${url.href}: ${where}. This server fetches only public addresses; its operator can allow a host with --allow-host${kind === 'cloud metadata' ? '' : ' or private networks with --allow-private'}.`,
    );
  }
}
