/**
 * Byte helpers for the generated media: a growable big-endian/little-endian
 * writer, CRC-32 and Adler-32 (what PNG and zlib need), and base64.
 *
 * @module
 */

/** Accumulates bytes; numbers are written big-endian unless the method says otherwise. */
export class ByteWriter {
  readonly #chunks: number[] = [];

  /** Appends raw bytes. */
  bytes(data: ArrayLike<number>): this {
    for (let i = 0; i < data.length; i++) this.#chunks.push((data[i] ?? 0) & 0xff);
    return this;
  }

  /** Appends ASCII text. */
  ascii(text: string): this {
    for (let i = 0; i < text.length; i++) this.#chunks.push(text.charCodeAt(i) & 0x7f);
    return this;
  }

  /** Appends a 32-bit unsigned integer, big-endian. */
  u32be(value: number): this {
    return this.bytes([value >>> 24, value >>> 16, value >>> 8, value]);
  }

  /** Appends a 32-bit unsigned integer, little-endian. */
  u32le(value: number): this {
    return this.bytes([value, value >>> 8, value >>> 16, value >>> 24]);
  }

  /** Appends a 16-bit integer, little-endian (two's complement for negatives). */
  u16le(value: number): this {
    return this.bytes([value, value >>> 8]);
  }

  /** The bytes written so far. */
  toBytes(): Uint8Array {
    return Uint8Array.from(this.#chunks);
  }
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (ISO 3309, as PNG chunks use). */
export function crc32(data: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Adler-32 (the zlib trailer). */
export function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** Standard base64 with padding, as MCP's `data` and `blob` fields carry it. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
