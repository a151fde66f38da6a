import { describe, expect, it } from 'vitest';
import type { ServerContext } from 'mcpkit/server';
import { addressKey, callerKey } from './callerKey.js';
import { RateLimiter } from './rateLimiter.js';

describe('the rate limiter', () => {
  it('does not hand a drawn-down caller a fresh bucket when many others come and go', () => {
    let now = 0;
    const limiter = new RateLimiter(2, () => now, 3);
    expect([limiter.take('hot'), limiter.take('hot')]).toEqual([0, 0]);
    expect(limiter.take('hot')).toBeGreaterThan(0);
    // Far more newcomers than the table holds: they share one bucket rather than evict `hot`.
    for (let i = 0; i < 50; i++) limiter.take(`new-${String(i)}`);
    expect(limiter.take('hot')).toBeGreaterThan(0);
    // Once refilled, a caller carries no state and may be forgotten for a newcomer.
    now += 60_000;
    expect(limiter.take('late')).toBe(0);
    expect(limiter.take('hot')).toBe(0);
  });
});

describe('the key of an address', () => {
  it('takes IPv4 as is, mapped or not, and IPv6 by its /64', () => {
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1');
    expect(addressKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(addressKey('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('the key of a caller', () => {
  const ctx = (principal: string | undefined, transport: unknown) => ({ principal, transport }) as unknown as ServerContext;
  it("is the token's principal, else the socket's address, else the one local caller", () => {
    expect(callerKey(ctx('alice', { remoteAddress: '127.0.0.1' }))).toBe('principal:alice');
    expect(callerKey(ctx(undefined, { remoteAddress: '::ffff:127.0.0.1', sessionId: 's1' }))).toBe('address:127.0.0.1');
    expect(callerKey(ctx(undefined, undefined))).toBe('local');
  });
});
