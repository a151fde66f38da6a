/**
 * A URL a server gave, shown to the user: a link only when `safeLink` allows
 * it (https, or http to this machine), with its host set apart so a
 * look-alike subdomain stands out; anything else (`javascript:`, `data:`,
 * `file:`…) is text with the reason it is not a link. The page's CSP would
 * stop a script URL too; this does not rely on it.
 *
 * @module
 */
import type { JSX } from 'preact';
import { safeLink } from 'mcpkit/protocol';

/** The URL as a safe link, or as text. */
export function ServerLink({ url }: { readonly url: string }): JSX.Element {
  const verdict = safeLink(url);
  if (!verdict.ok)
    return (
      <span class="unsafe-link">
        <code>{url}</code> <small>(not a link: {verdict.reason})</small>
      </span>
    );
  return (
    <span class="server-link">
      <a href={verdict.url.href} target="_blank" rel="noopener noreferrer">
        {url}
      </a>{' '}
      <small>
        (opens <strong>{verdict.url.host}</strong>)
      </small>
    </span>
  );
}
