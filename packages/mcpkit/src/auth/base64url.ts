/**
 * base64url without padding (RFC 4648 §5), the encoding of JWTs, PKCE and
 * DPoP, over bytes and over UTF-8 text.
 *
 * @module
 */

/** Encodes bytes. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i] as number);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Encodes the UTF-8 bytes of `text`. */
export function base64urlText(text: string): string {
  return base64url(new TextEncoder().encode(text));
}

/** Decodes standard or url-safe base64 (padding optional). */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** `n` random bytes, base64url-encoded. */
export function randomToken(n = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(n)));
}

/** The base64url SHA-256 of `text`'s UTF-8 bytes (a PKCE challenge, a DPoP `ath`). */
export async function sha256(text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}
