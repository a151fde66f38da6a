/**
 * The transport rule for everything authorization fetches or sends a user to:
 * https, or http only to this machine (a development server, a test). A
 * metadata document fetched over plain http from elsewhere could name any
 * token endpoint, and so harvest credentials.
 *
 * @module
 */
import { isLoopbackHost } from '../protocol/safeLink.js';
import { AuthorizationError } from './authorizationError.js';

// One loopback rule for the library: the one links from servers are checked with.
export { isLoopbackHost };

/** `url` parsed, refused unless https or loopback http; `what` names it in the error. */
export function secureUrl(url: string | URL, what: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new AuthorizationError('discovery_failed', `${what} is not a URL: ${String(url)}`, { cause: error });
  }
  if (parsed.protocol === 'https:') return parsed;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return parsed;
  throw new AuthorizationError('insecure_url', `${what} ${parsed.href} must use https (http is allowed only on loopback)`);
}

/** The URL without its fragment: the form a resource identifier (RFC 8707) takes. */
export function withoutFragment(url: URL): string {
  const href = url.href;
  const hash = href.indexOf('#');
  return hash === -1 ? href : href.slice(0, hash);
}
