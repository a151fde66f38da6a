import { describe, expect, it } from 'vitest';
import { formatSize } from './list.js';
import { mimeTypeOf } from './media.js';

describe('mimeTypeOf', () => {
  it('believes a known extension, else the content', () => {
    expect(mimeTypeOf('/x.JPG', new Uint8Array())).toBe('image/jpeg');
    expect(mimeTypeOf('/x.data', Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(mimeTypeOf('/x', Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(mimeTypeOf('/x', Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBe('audio/wav');
    expect(mimeTypeOf('/x', Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(mimeTypeOf('/x', Buffer.from('nothing'))).toBe('application/octet-stream');
  });
});

describe('formatSize', () => {
  it('words sizes as the official server does', () => {
    expect([0, 1, 1023, 1024, 1536, 1048576, 5 * 1024 ** 5].map(formatSize)).toEqual([
      '0 B',
      '1 B',
      '1023 B',
      '1.00 KB',
      '1.50 KB',
      '1.00 MB',
      '5120.00 TB',
    ]);
  });
});
