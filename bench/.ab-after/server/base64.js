/**
 * Base64 for bytes, with the web-platform `btoa`/`atob` (runtime-neutral).
 *
 * @module
 */
/** Standard base64 (with padding), as MCP's `blob` and `data` fields use. */
export function toBase64(bytes) {
    let binary = '';
    // Chunked: spreading megabytes into one call would overflow the stack.
    for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
}
/** Base64url without padding (tokens). */
export function toBase64Url(bytes) {
    return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
/** Decodes base64url (padding optional); undefined if malformed. */
export function fromBase64Url(text) {
    if (!/^[A-Za-z0-9_-]*$/.test(text))
        return undefined;
    try {
        const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
        const out = new Uint8Array(binary.length);
        for (let i = 0; i < binary.length; i++)
            out[i] = binary.charCodeAt(i);
        return out;
    }
    catch {
        return undefined;
    }
}
//# sourceMappingURL=base64.js.map