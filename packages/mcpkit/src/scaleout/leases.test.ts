import { describe, expect, it } from 'vitest';
import { leaseHolder, leaseNode, leaseToken } from './leases.js';

describe('lease holders', () => {
  it('name the process and the token, and are read back apart', () => {
    const holder = leaseHolder('n1', '=p:ada/with/slashes');
    expect(holder).toBe('n1/=p:ada/with/slashes');
    expect(leaseNode(holder)).toBe('n1');
    expect(leaseToken(holder)).toBe('=p:ada/with/slashes');
  });

  it('a holder without a token is its process', () => {
    expect(leaseNode('n1')).toBe('n1');
    expect(leaseToken('n1')).toBe('');
  });
});
