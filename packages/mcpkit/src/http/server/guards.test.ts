import { describe, expect, it } from 'vitest';
import { hostAllowed, splitHost } from './guards.js';

describe('Host allow-lists', () => {
  it('splits host and port, IPv6 in brackets', () => {
    expect(splitHost('LocalHost:3000')).toEqual({ name: 'localhost', port: '3000' });
    expect(splitHost('[::1]:8080')).toEqual({ name: '[::1]', port: '8080' });
    expect(splitHost('[::1]')).toEqual({ name: '[::1]', port: undefined });
    expect(splitHost('example.com')).toEqual({ name: 'example.com', port: undefined });
  });

  it('a bare name allows any port; name:port only that port', () => {
    expect(hostAllowed('localhost:1234', ['localhost'])).toBe(true);
    expect(hostAllowed('localhost', ['localhost:3000'])).toBe(false);
    expect(hostAllowed('localhost:3000', ['localhost:3000'])).toBe(true);
    expect(hostAllowed('localhost.evil.example', ['localhost'])).toBe(false);
    expect(hostAllowed('127.0.0.1.nip.io:3000', ['127.0.0.1'])).toBe(false);
  });
});
