/**
 * Just enough PNG reading to tell a blank screenshot from a real one: the
 * image's size and its decompressed scanlines, from which a test counts the
 * distinct byte values (a blank page has two or three, a rendered one many).
 *
 * @module
 */
import { inflateSync } from 'node:zlib';

/** The width, height and raw (filtered) scanline bytes of a PNG. */
export function readPng(png: Buffer): { width: number; height: number; raw: Buffer } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new TypeError('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  return { width, height, raw: inflateSync(Buffer.concat(idat)) };
}

/** How many distinct byte values the image's scanlines hold. */
export function distinctBytes(png: Buffer): number {
  const { raw } = readPng(png);
  const seen = new Set<number>();
  for (let i = 0; i < raw.length && seen.size < 256; i += 7) seen.add(raw[i] ?? 0);
  return seen.size;
}
