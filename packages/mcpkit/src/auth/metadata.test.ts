// Where the metadata documents are looked for.
import { describe, expect, it } from 'vitest';
import { authorizationServerMetadataUrls, resourceMetadataUrls } from './metadata.js';

const hrefs = (urls: URL[]): string[] => urls.map((u) => u.href);

describe('resourceMetadataUrls', () => {
  it('inserts the well-known suffix before the path, then tries the root', () => {
    expect(hrefs(resourceMetadataUrls(new URL('https://x.example/mcp')))).toEqual([
      'https://x.example/.well-known/oauth-protected-resource/mcp',
      'https://x.example/.well-known/oauth-protected-resource',
    ]);
    expect(hrefs(resourceMetadataUrls(new URL('https://x.example/')))).toEqual([
      'https://x.example/.well-known/oauth-protected-resource',
    ]);
  });

  it('keeps the query of the server URL on the path-aware URL (RFC 9728 §3.1)', () => {
    expect(hrefs(resourceMetadataUrls(new URL('https://x.example/mcp?tenant=acme')))).toEqual([
      'https://x.example/.well-known/oauth-protected-resource/mcp?tenant=acme',
      'https://x.example/.well-known/oauth-protected-resource',
    ]);
    expect(hrefs(resourceMetadataUrls(new URL('https://x.example/?tenant=acme')))).toEqual([
      'https://x.example/.well-known/oauth-protected-resource?tenant=acme',
      'https://x.example/.well-known/oauth-protected-resource',
    ]);
  });
});

describe('authorizationServerMetadataUrls', () => {
  it('never falls back to the root for an issuer with a path', () => {
    expect(hrefs(authorizationServerMetadataUrls(new URL('https://as.example/tenant1')))).toEqual([
      'https://as.example/.well-known/oauth-authorization-server/tenant1',
      'https://as.example/.well-known/openid-configuration/tenant1',
      'https://as.example/tenant1/.well-known/openid-configuration',
    ]);
  });
});
