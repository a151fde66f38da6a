/**
 * The redirect a user pastes back by hand (the browser ran on another
 * machine, which cannot reach this one's loopback listener): accepted only
 * when it is the redirect URI's origin and path and carries the `state` of
 * the authorization request, as the callback would be. Anything else could be
 * a URL someone else handed the user (login CSRF), so it is refused.
 *
 * @module
 */

/** The pasted text as the callback URL, or why it is refused (no secret of it in the message). */
export function pastedRedirect(text: string, redirectUri: string, authorization: URL): URL | { readonly refused: string } {
  let pasted: URL;
  try {
    pasted = new URL(text.trim());
  } catch {
    return { refused: 'that is not a URL' };
  }
  const expected = new URL(redirectUri);
  if (pasted.origin !== expected.origin || pasted.pathname !== expected.pathname)
    return { refused: `that URL is not the redirect URI ${redirectUri}` };
  const state = authorization.searchParams.get('state');
  if (state === null || pasted.searchParams.get('state') !== state)
    return { refused: "that URL does not carry this authorization's state" };
  if (!pasted.searchParams.has('code') && !pasted.searchParams.has('error'))
    return { refused: 'that URL carries neither a code nor an error' };
  return new URL(`${redirectUri}${pasted.search}`);
}
