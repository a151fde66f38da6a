// The built CLI against a hostile MCP server on this machine (loopback, so it
// may name loopback URLs: the user pointed the CLI there). It still cannot send
// the OAuth client to a cloud metadata service or the private network, and
// when a URL it names answers with something that is not OAuth, the error
// says the status and content type, never the body.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../test/cli/run.js';
import { assertCliBuilt } from '../../../test/support/process.js';

let server: Server;
let origin: string;
let dir: string;
const hits: string[] = [];

/** Per scenario (the first path segment): where the PRM sends the client, and what the AS metadata names. */
const AS_OF: Record<string, (o: string) => string> = {
  metadata: () => 'https://169.254.169.254/latest',
  private: (o) => `${o}/private`,
  secret: (o) => `${o}/secret`,
};
const TOKEN_OF: Record<string, (o: string) => string> = {
  private: () => 'https://10.0.0.1/token',
  secret: (o) => `${o}/token`,
};

beforeAll(async () => {
  assertCliBuilt();
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-hostile-auth-'));
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    hits.push(`${req.method ?? ''} ${url.pathname}`);
    req.resume();
    const json = (body: unknown): void => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const scenario = url.searchParams.get('s') ?? url.pathname.split('/').at(-1) ?? '';
    if (url.pathname.endsWith('/mcp'))
      res
        .writeHead(401, {
          'www-authenticate': `Bearer resource_metadata="${origin}/prm?s=${url.pathname.split('/')[1] ?? ''}"`,
        })
        .end('{"error":"unauthorized"}');
    else if (url.pathname === '/prm')
      json({ resource: `${origin}/${scenario}/mcp`, authorization_servers: [AS_OF[scenario]?.(origin) ?? origin] });
    else if (url.pathname.startsWith('/.well-known/oauth-authorization-server/'))
      json({
        issuer: `${origin}/${scenario}`,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: TOKEN_OF[scenario]?.(origin) ?? `${origin}/none`,
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
    else if (url.pathname === '/token')
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html>root:x:0:0:SECRET-OF-THIS-MACHINE</html>');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

function call(scenario: string) {
  return runCli(
    [
      'call',
      'echo',
      '--arg',
      'message=x',
      '--client-credentials',
      '--client-id',
      'c',
      '--client-secret',
      's',
      `${origin}/${scenario}/mcp`,
    ],
    { env: { MCPKIT_AUTH_FILE: join(dir, `${scenario}.json`), HOME: dir } },
  );
}

describe('a hostile MCP server on loopback (processes)', () => {
  it('cannot send the OAuth client to a cloud metadata service', async () => {
    const run = await call('metadata');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('https://169.254.169.254/latest is refused');
    expect(run.stderr).toContain('cloud metadata');
  });

  it('cannot send it to the private network, even though loopback is allowed', async () => {
    // The metadata scenario named the AS by the server's own (loopback) origin: that much is allowed.
    hits.length = 0;
    const run = await call('private');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('https://10.0.0.1/token is refused');
    expect(run.stderr).toContain('private address');
    expect(hits).toContain('GET /.well-known/oauth-authorization-server/private');
  });

  it('never repeats what a URL it named answered, only the status and content type', async () => {
    hits.length = 0;
    const run = await call('secret');
    expect(run.code).not.toBe(0);
    expect(hits).toContain('POST /token');
    expect(run.stderr).toContain('HTTP 500 (text/html)');
    expect(run.stderr).not.toContain('SECRET');
  });
});
