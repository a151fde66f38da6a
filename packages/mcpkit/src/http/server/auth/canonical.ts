/**
 * Resource URIs compared as RFC 8707 and the spec ask: scheme and host case
 * do not matter, a lone trailing slash does not matter, fragments are not
 * allowed. `new URL` already lower-cases the scheme and host and drops default
 * ports.
 *
 * @see 2025-11-25 `basic/authorization.mdx#canonical-server-uri`
 * @module
 */

/** The canonical form of a resource URI, or `undefined` if it is not an absolute http(s) URI. */
export function canonicalResource(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const path = url.pathname === '/' && url.search === '' ? '' : url.pathname;
  return `${url.origin}${path}${url.search}`.replace(/\/$/, '');
}

/** True if two resource URIs name the same resource. */
export function sameResource(a: string, b: string): boolean {
  const x = canonicalResource(a);
  return x !== undefined && x === canonicalResource(b);
}
