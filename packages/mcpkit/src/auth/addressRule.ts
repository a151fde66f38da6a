/**
 * Where the URLs an MCP server hands over may lead: the challenge's
 * `resource_metadata`, the authorization server it names, that server's
 * endpoints, and every redirect on the way. A remote server must not steer
 * this client into the services of this machine or of its network (a router's
 * admin page, a cloud metadata service, a database's HTTP port), so a URL on a
 * loopback, private, link-local or otherwise non-public address is refused,
 * unless the MCP server itself is on an address of that kind (the user
 * pointed the client there: a local server may name a local authorization
 * server). Cloud metadata is refused whatever the server. Plain http is for
 * loopback only.
 *
 * The URL's host is judged here, by its text (an address literal,
 * `localhost`); a host name is judged by the address a connection reaches,
 * which only the `fetch` can know: `mcpkit/node`'s `guardedAuthFetch` applies
 * {@link AddressRule.checkAddress} to it.
 *
 * @module
 */
import { addressKind, hostKind, withArticle, type AddressKind } from '../net/addressKind.js';
import { AuthorizationError } from './authorizationError.js';

/** The URL rule of one authorization: what the server at `server` may send this client to. */
export class AddressRule {
  /** The MCP server the URLs came from. */
  readonly server: URL;
  readonly #serverKinds: ReadonlySet<AddressKind>;

  /**
   * @param server The MCP server's URL.
   * @param serverAddresses What the server's host name resolves to, when known: the kinds where it is.
   */
  constructor(server: URL, serverAddresses: readonly string[] = []) {
    this.server = server;
    const kinds = new Set<AddressKind>();
    const own = hostKind(server.hostname);
    if (own !== undefined) kinds.add(own);
    for (const address of serverAddresses) {
      const kind = addressKind(address);
      if (kind !== undefined) kinds.add(kind);
    }
    this.#serverKinds = kinds;
  }

  /** Whether a URL may lead to an address of `kind` (undefined: a public one). */
  allows(kind: AddressKind | undefined): boolean {
    return kind === undefined || (kind !== 'cloud metadata' && this.#serverKinds.has(kind));
  }

  /** `url` parsed and checked: https (http only on loopback), never a non-public host the server is not on. `what` names it in errors. */
  checkUrl(url: string | URL, what: string): URL {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch (error) {
      throw new AuthorizationError('discovery_failed', `${what} is not a URL: ${String(url).slice(0, 200)}`, { cause: error });
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      throw new AuthorizationError('insecure_url', `${what} ${parsed.href} must use https`);
    const kind = hostKind(parsed.hostname);
    if (!this.allows(kind) && kind !== undefined)
      throw this.#refused(what, parsed, `${parsed.hostname} is ${withArticle(kind)} address`);
    if (parsed.protocol === 'http:' && kind !== 'loopback')
      throw new AuthorizationError('insecure_url', `${what} ${parsed.href} must use https (http is allowed only on loopback)`);
    return parsed;
  }

  /** Throws unless a connection made for `url` may reach `address` (what its host resolved to, or the socket reached). */
  checkAddress(url: URL, address: string): void {
    const kind = addressKind(address);
    if (this.allows(kind) || kind === undefined) return;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const where =
      host === address
        ? `${address} is ${withArticle(kind)} address`
        : `${url.hostname} resolves to ${address}, ${withArticle(kind)} address`;
    throw this.#refused(`A request to ${url.origin}`, url, where);
  }

  #refused(what: string, url: URL, where: string): AuthorizationError {
    return new AuthorizationError(
      'refused_url',
      `${what} ${url.href} is refused: ${where}, and the MCP server ${this.server.origin} is not on such an address. ` +
        'A server may not send this client to this machine or its network.',
    );
  }
}
