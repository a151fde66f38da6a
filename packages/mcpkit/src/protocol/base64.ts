/**
 * Base64 for bytes, with the web-platform `btoa`/`atob` (runtime-neutral).
 *
 * @module
 */

/** Standard base64 (with padding), as MCP's `blob` and `data` fields use. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunked: spreading megabytes into one call would overflow the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Base64url without padding (tokens). */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes standard base64 (`atob` rules); undefined if malformed. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    const binary = atob(text);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return undefined;
  }
}

/** Decodes base64url (padding optional); undefined if malformed. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  return fromBase64(text.replace(/-/g, '+').replace(/_/g, '/'));
}
