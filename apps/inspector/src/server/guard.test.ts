import { describe, expect, it } from 'vitest';
import { check, tokenOf } from './guard.js';

const options = { token: 'secret-token', port: 6274 };
const ok = { host: '127.0.0.1:6274', origin: undefined, token: 'secret-token' };

describe('check', () => {
  it('lets through a request with the token to a loopback host from the inspector page', () => {
    expect(check(options, ok, true)).toEqual({ ok: true });
    expect(check(options, { ...ok, host: 'localhost:6274', origin: 'http://localhost:6274' }, true)).toEqual({ ok: true });
    expect(check(options, { ...ok, host: '[::1]:6274' }, true)).toEqual({ ok: true });
  });

  it('refuses a missing or wrong token with 401', () => {
    expect(check(options, { ...ok, token: undefined }, true)).toMatchObject({ ok: false, status: 401 });
    expect(check(options, { ...ok, token: 'secret-tokeN' }, true)).toMatchObject({ ok: false, status: 401 });
    expect(check(options, { ...ok, token: 'short' }, true)).toMatchObject({ ok: false, status: 401 });
    // The page itself needs no token.
    expect(check(options, { ...ok, token: undefined }, false)).toEqual({ ok: true });
  });

  it('refuses a foreign Origin with 403, even with the token', () => {
    for (const origin of ['http://evil.example', 'http://127.0.0.1:9999', 'https://127.0.0.1:6274', 'null', 'file://']) {
      expect(check(options, { ...ok, origin }, true)).toMatchObject({ ok: false, status: 403 });
    }
  });

  it('refuses a foreign Host (DNS rebinding) with 400', () => {
    for (const host of ['evil.example:6274', '127.0.0.1:80', undefined, '127.0.0.2:6274']) {
      expect(check(options, { ...ok, host }, true)).toMatchObject({ ok: false, status: 400 });
    }
    expect(check({ ...options, extraHosts: ['box.lan'] }, { ...ok, host: 'box.lan:6274' }, true)).toEqual({ ok: true });
  });
});

describe('tokenOf', () => {
  it('reads the header first, then the query', () => {
    expect(tokenOf(new URL('http://x/?token=q'), 'h')).toBe('h');
    expect(tokenOf(new URL('http://x/?token=q'), undefined)).toBe('q');
    expect(tokenOf(new URL('http://x/'), undefined)).toBeUndefined();
  });
});
