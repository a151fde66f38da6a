import { homedir } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { AllowedSet } from './allowedSet.js';
import { checkShape, expandHome, spell } from './spelling.js';

const allowed: AllowedSet = { spellings: ['/data', '/srv/b'], real: ['/data', '/srv/b'], aliases: new Map() };

describe('spell', () => {
  it('resolves relative paths against the first allowed directory they stay in', () => {
    expect(spell('a/b.txt', allowed)).toBe('/data/a/b.txt');
    expect(spell('', allowed)).toBe('/data');
    expect(spell('../srv/b/x', allowed)).toBe('/srv/b/x');
    expect(spell('/data/./a/../b', allowed)).toBe('/data/b');
  });

  it('refuses what leaves, lexically', () => {
    expect(() => spell('../etc/passwd', allowed)).toThrow(
      'Access denied - path outside allowed directories: /etc/passwd not in /data, /srv/b',
    );
    expect(() => spell('/data-evil/x', allowed)).toThrow(/outside allowed directories/);
    expect(() => spell('/data/../data-evil', allowed)).toThrow(/outside allowed directories/);
    expect(() => spell('~', allowed)).toThrow(`${homedir()} not in`);
    expect(() => spell('D:/x', allowed)).toThrow('Windows-style path received on a POSIX host: D:/x');
  });

  it('treats ~user and a ~ inside a path as plain names', () => {
    expect(expandHome('~root/x')).toBe('~root/x');
    expect(spell('~root/x', allowed)).toBe('/data/~root/x');
    expect(spell('a/~/b', allowed)).toBe('/data/a/~/b');
  });
});

describe('checkShape', () => {
  it('refuses NUL bytes and over-long paths and names, counting bytes', () => {
    expect(() => {
      checkShape('a\0b');
    }).toThrow('NUL byte');
    expect(() => {
      checkShape('é'.repeat(128));
    }).toThrow('file name too long: 256 bytes');
    expect(() => {
      checkShape('/a'.repeat(2049));
    }).toThrow('path too long: 4098 bytes');
    expect(() => {
      checkShape(`${'n'.repeat(255)}/${'n'.repeat(255)}`);
    }).not.toThrow();
  });
});
