import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OAuthClient } from '../../auth/index.js';
import { LocalError } from '../../jsonrpc/index.js';
import type { HttpServerConfig } from '../config/types.js';
import { serverOAuth, userTokenFile } from './serverAuth.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpkit-server-oauth-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const docs: HttpServerConfig = { type: 'http', name: 'docs', url: 'http://127.0.0.1:9/mcp', headers: {} };

describe('serverOAuth', () => {
  it('gives each HTTP server one OAuth client, kept across restarts', () => {
    const auth = serverOAuth({ tokenFile: join(dir, 'tokens.json'), openBrowser: false });
    const first = auth(docs);
    expect(first).toBeInstanceOf(OAuthClient);
    expect(auth({ ...docs, oauth: { scopes: ['x'] } })).toBe(first);
    expect(auth({ ...docs, url: 'http://127.0.0.1:10/mcp' })).not.toBe(first);
  });

  it('makes none for a server that sends its own Authorization header, whatever its case', () => {
    const auth = serverOAuth({ tokenFile: join(dir, 'tokens.json'), openBrowser: false });
    expect(auth({ ...docs, headers: { authorization: 'Bearer mine' } })).toBeUndefined();
    expect(auth({ ...docs, headers: { AUTHORIZATION: 'Bearer mine' } })).toBeUndefined();
  });

  it('takes a grant and DPoP from the oauth settings, and refuses two grants at once', () => {
    const auth = serverOAuth({ tokenFile: join(dir, 'tokens.json'), openBrowser: false });
    const client = { clientId: 'app', clientSecret: 's' };
    expect(auth({ ...docs, name: 'jwt', oauth: { ...client, assertion: 'a.b.c', dpop: true } })).toBeInstanceOf(OAuthClient);
    expect(auth({ ...docs, name: 'fn', oauth: { ...client, assertion: () => 'a.b.c' } })).toBeInstanceOf(OAuthClient);
    const both = { ...docs, name: 'both', oauth: { ...client, clientCredentials: true, assertion: 'a.b.c' } };
    expect(() => auth(both)).toThrow(/both: oauth.clientCredentials and oauth.assertion are two grants; give one/);
    expect(() => auth(both)).toThrow(LocalError);
  });

  it('keeps tokens where mcpkit login does: MCPKIT_AUTH_FILE, else the user file', () => {
    expect(userTokenFile({ MCPKIT_AUTH_FILE: '/x/auth.json' })).toBe('/x/auth.json');
    expect(userTokenFile({ MCPKIT_AUTH_FILE: '', HOME: '/home/u', XDG_CONFIG_HOME: '/home/u/.config' })).toMatch(/auth\.json$/);
  });
});
