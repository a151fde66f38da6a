import { afterEach, describe, expect, it, vi } from 'vitest';
import { Sealer } from './seal.js';

const secret = new Uint8Array(32).fill(7);

describe('Sealer', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens what it sealed', async () => {
    const sealer = new Sealer(secret);
    expect(await sealer.open(await sealer.seal({ l: 'tools', o: 100 }))).toStrictEqual({ l: 'tools', o: 100 });
  });

  it('refuses an altered token', async () => {
    const sealer = new Sealer(secret);
    const token = await sealer.seal({ o: 1 });
    const forged = `${btoa('{"o":2}').replace(/=+$/, '')}${token.slice(token.indexOf('.'))}`;
    expect(await sealer.open(forged)).toBeUndefined();
    expect(await sealer.open('not a token')).toBeUndefined();
  });

  it('accepts tokens of another sealer with the same secret only', async () => {
    const token = await new Sealer(secret).seal(1);
    expect(await new Sealer(secret).open(token)).toBe(1);
    expect(await new Sealer().open(token)).toBeUndefined();
  });

  it('makes its random secret and key on first use, not when constructed', async () => {
    const random = vi.spyOn(crypto, 'getRandomValues');
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const sealer = new Sealer();
    expect(random).not.toHaveBeenCalled();
    expect(importKey).not.toHaveBeenCalled();
    const token = await sealer.seal('x');
    expect(await sealer.open(token)).toBe('x');
    expect(random).toHaveBeenCalledOnce();
    expect(importKey).toHaveBeenCalledOnce();
  });

  it('keeps its own copy of the secret', async () => {
    const mine = new Uint8Array(secret);
    const sealer = new Sealer(mine);
    mine.fill(0);
    expect(await new Sealer(secret).open(await sealer.seal(2))).toBe(2);
  });
});
