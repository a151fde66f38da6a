/**
 * A tiny PNG, generated in code so the repository holds no binary files: an
 * RGB image with uncompressed ("stored") deflate blocks, which every decoder
 * accepts and which needs no zlib.
 *
 * @module
 */
import { adler32, ByteWriter, crc32 } from './bytes.js';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The largest stored deflate block. */
const MAX_STORED = 0xffff;

/** An RGB pixel. */
export type Rgb = readonly [number, number, number];

function chunk(out: ByteWriter, type: string, data: Uint8Array): void {
  const typed = new ByteWriter().ascii(type).bytes(data).toBytes();
  out.u32be(data.length).bytes(typed).u32be(crc32(typed));
}

/** zlib framing around stored (uncompressed) deflate blocks. */
function zlibStored(raw: Uint8Array): Uint8Array {
  const out = new ByteWriter().bytes([0x78, 0x01]);
  for (let offset = 0; offset === 0 || offset < raw.length; offset += MAX_STORED) {
    const block = raw.subarray(offset, offset + MAX_STORED);
    const final = offset + MAX_STORED >= raw.length ? 1 : 0;
    out
      .bytes([final])
      .u16le(block.length)
      .u16le(~block.length & 0xffff)
      .bytes(block);
  }
  return out.u32be(adler32(raw)).toBytes();
}

/** Encodes `width`×`height` pixels, `pixel(x, y)` each, as an 8-bit RGB PNG. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Uint8Array {
  const scanlines = new ByteWriter();
  for (let y = 0; y < height; y++) {
    scanlines.bytes([0]); // filter type: none
    for (let x = 0; x < width; x++) scanlines.bytes(pixel(x, y));
  }
  const header = new ByteWriter().u32be(width).u32be(height).bytes([8, 2, 0, 0, 0]).toBytes();
  const out = new ByteWriter().bytes(SIGNATURE);
  chunk(out, 'IHDR', header);
  chunk(out, 'IDAT', zlibStored(scanlines.toBytes()));
  chunk(out, 'IEND', new Uint8Array(0));
  return out.toBytes();
}

/** The server's 16×16 picture: a diagonal gradient with a white border. */
export function tinyPng(): Uint8Array {
  const size = 16;
  return encodePng(size, size, (x, y) => {
    if (x === 0 || y === 0 || x === size - 1 || y === size - 1) return [255, 255, 255];
    return [x * 16, y * 16, 255 - (x + y) * 8];
  });
}
