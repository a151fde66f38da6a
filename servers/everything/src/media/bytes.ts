/**
 * Byte helpers for the generated media: a growable big-endian/little-endian
 * writer, CRC-32 and Adler-32 (what PNG and zlib need), and base64.
 *
 * @module
 */

/**
 * Accumulates bytes; numbers are written big-endian unless the method says
 * otherwise. Writes go straight into a growing buffer: the media are made
 * while the server module loads, so this is start-up time.
 */
export class ByteWriter {
  #buffer = new Uint8Array(256);
  #length = 0;

  /** Makes room for `count` more bytes. */
  #room(count: number): Uint8Array {
    if (this.#length + count > this.#buffer.length) {
      const grown = new Uint8Array(Math.max(this.#buffer.length * 2, this.#length + count));
      grown.set(this.#buffer.subarray(0, this.#length));
      this.#buffer = grown;
    }
    return this.#buffer;
  }

  /** Appends raw bytes. */
  bytes(data: ArrayLike<number>): this {
    const buffer = this.#room(data.length);
    if (data instanceof Uint8Array) buffer.set(data, this.#length);
    else for (let i = 0; i < data.length; i++) buffer[this.#length + i] = (data[i] ?? 0) & 0xff;
    this.#length += data.length;
    return this;
  }

  /** Appends ASCII text. */
  ascii(text: string): this {
    const buffer = this.#room(text.length);
    for (let i = 0; i < text.length; i++) buffer[this.#length + i] = text.charCodeAt(i) & 0x7f;
    this.#length += text.length;
    return this;
  }

  /** Appends a 32-bit unsigned integer, big-endian. */
  u32be(value: number): this {
    const buffer = this.#room(4);
    buffer[this.#length] = value >>> 24;
    buffer[this.#length + 1] = value >>> 16;
    buffer[this.#length + 2] = value >>> 8;
    buffer[this.#length + 3] = value;
    this.#length += 4;
    return this;
  }

  /** Appends a 32-bit unsigned integer, little-endian. */
  u32le(value: number): this {
    const buffer = this.#room(4);
    buffer[this.#length] = value;
    buffer[this.#length + 1] = value >>> 8;
    buffer[this.#length + 2] = value >>> 16;
    buffer[this.#length + 3] = value >>> 24;
    this.#length += 4;
    return this;
  }

  /** Appends a 16-bit integer, little-endian (two's complement for negatives). */
  u16le(value: number): this {
    const buffer = this.#room(2);
    buffer[this.#length] = value;
    buffer[this.#length + 1] = value >>> 8;
    this.#length += 2;
    return this;
  }

  /** The bytes written so far. */
  toBytes(): Uint8Array {
    return this.#buffer.slice(0, this.#length);
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
  // A few thousand bytes at a time: one call per chunk, not per byte.
  for (let i = 0; i < bytes.length; i += 4096) binary += String.fromCharCode(...bytes.subarray(i, i + 4096));
  return btoa(binary);
}
