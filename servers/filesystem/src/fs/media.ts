/**
 * `read_media_file`'s MIME types: by extension (the official server's
 * table), and for a file whose extension says nothing, by its first bytes.
 *
 * @module
 */
import { extname } from 'node:path';

const BY_EXTENSION: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.svg': 'image/svg+xml',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.flac': 'audio/flac',
};

/** Byte signatures: [offset, bytes (as Latin-1 text), type]. */
const SIGNATURES: readonly (readonly [number, string, string])[] = [
  [0, '\x89PNG\r\n\x1a\n', 'image/png'],
  [0, '\xff\xd8\xff', 'image/jpeg'],
  [0, 'GIF87a', 'image/gif'],
  [0, 'GIF89a', 'image/gif'],
  [8, 'WEBP', 'image/webp'],
  [0, 'BM', 'image/bmp'],
  [8, 'WAVE', 'audio/wav'],
  [0, 'OggS', 'audio/ogg'],
  [0, 'fLaC', 'audio/flac'],
  [0, 'ID3', 'audio/mpeg'],
  [0, '%PDF-', 'application/pdf'],
];

function startsWithAt(bytes: Uint8Array, offset: number, signature: string): boolean {
  if (bytes.length < offset + signature.length) return false;
  for (let i = 0; i < signature.length; i++) if (bytes[offset + i] !== signature.charCodeAt(i)) return false;
  return true;
}

/** The MIME type of a file: its extension's, else its content's, else `application/octet-stream`. */
export function mimeTypeOf(path: string, bytes: Uint8Array): string {
  const known = BY_EXTENSION[extname(path).toLowerCase()];
  if (known !== undefined) return known;
  for (const [offset, signature, type] of SIGNATURES) {
    // RIFF containers: the type is at offset 8, after "RIFF" and a length.
    if (offset === 8 && !startsWithAt(bytes, 0, 'RIFF')) continue;
    if (startsWithAt(bytes, offset, signature)) return type;
  }
  return 'application/octet-stream';
}
