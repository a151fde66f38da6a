/**
 * Which URLs from a server may be offered to the user as links: `https:`,
 * or `http:` to this machine (a development server). Everything else
 * (`javascript:`, `data:`, `file:`, `vbscript:`, `blob:`, plain http to
 * another host, a URL with a user name or password that hides its real host)
 * is text to show, never a link to open. One rule for every client: the
 * library's URL-mode elicitation and the inspector's page both apply it.
 *
 * @see https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation#safe-url-handling
 * @module
 */

/** A URL checked by {@link safeLink}: the parsed link, or why it is not one. */
export type LinkVerdict = { readonly ok: true; readonly url: URL } | { readonly ok: false; readonly reason: string };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True for a host name of this machine (`localhost`, `127.x.y.z`, `::1`). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Checks a URL a server gave before anyone may open it. */
export function safeLink(url: string): LinkVerdict {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'it is not an absolute URL' };
  }
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname))
    return { ok: false, reason: 'plain http is allowed only to this machine (localhost): use https' };
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return { ok: false, reason: `${parsed.protocol} URLs are never opened: only https (and http to localhost)` };
  // "https://bank.example@evil.example/" shows one host and opens another.
  if (parsed.username !== '' || parsed.password !== '')
    return { ok: false, reason: 'it carries a user name or password, which hides the host it really opens' };
  return { ok: true, url: parsed };
}
