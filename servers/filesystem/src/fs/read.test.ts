/**
 * head and tail against the line rules they implement (the official
 * reader's), on texts long enough to cross chunk boundaries, with CRLF and
 * multi-byte characters placed anywhere.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AllowedSet } from '../paths/allowedSet.js';
import { resolvePath } from '../paths/resolve.js';
import { readHead, readTail } from './read.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpkit-read-'));
const allowed: AllowedSet = { spellings: [dir], real: [dir], aliases: new Map() };
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function head(text: string, n: number): string {
  const pieces = text.split('\n');
  if (pieces.at(-1) === '') pieces.pop();
  return n > 0 ? pieces.slice(0, Math.ceil(n)).join('\n') : '';
}

function tail(text: string, n: number): string {
  return Math.trunc(n) > 0 ? text.replace(/\r\n/g, '\n').split('\n').slice(-Math.trunc(n)).join('\n') : '';
}

function randomText(seed: number, length: number): string {
  const parts = ['a', 'bc', '\n', '\r\n', 'é', '日本', '✓', ' ', '\n\n'];
  let x = seed;
  let out = '';
  while (out.length < length) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out += parts[x % parts.length] ?? '';
  }
  return out;
}

describe('readHead and readTail', () => {
  it('follow the line rules across chunk boundaries', async () => {
    for (const [seed, length] of [
      [1, 10],
      [2, 70_000],
      [3, 200_000],
    ] as const) {
      const text = randomText(seed, length);
      writeFileSync(join(dir, 'f.txt'), text);
      const target = await resolvePath('f.txt', allowed);
      for (const n of [-1, 0, 0.5, 1, 2, 2.5, 7, 1000, 100_000]) {
        expect(await readHead(target, allowed, n, 1 << 30), `head ${String(n)} of ${String(length)}`).toBe(head(text, n));
        expect(await readTail(target, allowed, n, 1 << 30), `tail ${String(n)} of ${String(length)}`).toBe(tail(text, n));
      }
    }
  });
});
