import { describe, expect, it } from 'vitest';
import { challengeScopes, mainChallenge, parseChallenges } from './challenge.js';

describe('WWW-Authenticate', () => {
  it('reads the scheme and quoted or bare parameters', () => {
    expect(
      parseChallenges('Bearer error="insufficient_scope", scope="a b", resource_metadata="https://x/.well-known/p, q"'),
    ).toEqual([
      {
        scheme: 'bearer',
        params: { error: 'insufficient_scope', scope: 'a b', resource_metadata: 'https://x/.well-known/p, q' },
      },
    ]);
    expect(parseChallenges('Bearer realm=mcp')).toEqual([{ scheme: 'bearer', params: { realm: 'mcp' } }]);
  });

  it('reads several challenges and prefers Bearer or DPoP', () => {
    const header = 'Basic realm="x", DPoP algs="ES256", error="use_dpop_nonce"';
    expect(parseChallenges(header).map((c) => c.scheme)).toEqual(['basic', 'dpop']);
    expect(mainChallenge(header)?.params).toEqual({ algs: 'ES256', error: 'use_dpop_nonce' });
  });

  it('unescapes quoted pairs and splits scopes without duplicates', () => {
    expect(parseChallenges('Bearer error_description="say \\"hi\\""')[0]?.params['error_description']).toBe('say "hi"');
    expect(challengeScopes(mainChallenge('Bearer scope="a  b a"'))).toEqual(['a', 'b']);
  });

  it('yields nothing, never throws, for an absent or garbled header', () => {
    expect(parseChallenges(undefined)).toEqual([]);
    expect(parseChallenges('"')).toEqual([]);
    expect(mainChallenge('')).toBeUndefined();
  });
});
