/**
 * Base64 for bytes, with the web-platform `btoa`/`atob` (runtime-neutral).
 *
 * @module
 */
/** Standard base64 (with padding), as MCP's `blob` and `data` fields use. */
export declare function toBase64(bytes: Uint8Array): string;
/** Base64url without padding (tokens). */
export declare function toBase64Url(bytes: Uint8Array): string;
/** Decodes base64url (padding optional); undefined if malformed. */
export declare function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined;
//# sourceMappingURL=base64.d.ts.map