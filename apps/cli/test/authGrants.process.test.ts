// Every grant of `mcpkit auth-server` end to end, with real processes: the
// dev authorization server, `mcpkit serve everything --auth-server` (the
// resource server) and `mcpkit call` / `mcpkit login` as the client.
// Client credentials with a secret from a file (Bearer and DPoP-bound), with
// private_key_jwt, enterprise-managed authorization (the local identity
// provider's ID token exchanged for an ID-JAG), and a workload JWT; and the
// host (`mcpkit/host`) with three of those grants in its servers' `oauth`,
// and `mcpkit chat` with the same flags as the other client commands. The
// secret never shows in any output; a DPoP-bound token copied out of the
// token file is refused as Bearer and without a proof of its key. A jwks_uri
// that cannot be fetched is reported to the client without the reason (that
// goes to the server's stderr).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { enterpriseAssertion } from 'mcpkit/auth';
import { NodeHost } from 'mcpkit/host';
import type { ServerOAuthConfig } from 'mcpkit/host/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directed } from '../../../packages/mcpkit/test/host/fakes/directedModel.js';
import { startFakeAnthropic } from '../../../packages/mcpkit/test/host/fakes/fakeAnthropic.js';
import { runCli, type CliRun } from '../../../test/cli/run.js';
import {
  startAuthServer,
  startProtectedEverything,
  type AuthServerProcess,
  type ProtectedServerProcess,
  waitForOutput,
} from '../../../test/support/authProcess.js';

const WORKLOAD = 'https://workload.example';
const SECRET = 'app-secret-4f1d9a7c2e';

let dir: string;
let as: AuthServerProcess;
let mcp: ProtectedServerProcess;
let workloadKey: CryptoKey;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-grants-'));
  writeFileSync(join(dir, 'secret.txt'), `${SECRET}\n`, { mode: 0o600 });
  const workload = await generateKeyPair('ES256');
  workloadKey = workload.privateKey;
  writeFileSync(join(dir, 'workload-jwks.json'), JSON.stringify({ keys: [await exportJWK(workload.publicKey)] }));
  as = await startAuthServer([
    '--client-id',
    'app',
    '--client-secret-file',
    join(dir, 'secret.txt'),
    '--idp',
    '--workload-issuer',
    WORKLOAD,
    '--workload-jwks-file',
    join(dir, 'workload-jwks.json'),
  ]);
  mcp = await startProtectedEverything(as.issuer);
}, 60_000);

afterAll(async () => {
  await Promise.all([mcp.stop(), as.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

let files = 0;
/** `mcpkit call echo <url> --arg message=<text> ...args`, with a token file of its own unless `authFile` is given. */
function echo(text: string, args: readonly string[], authFile = join(dir, `auth-${String(++files)}.json`)): Promise<CliRun> {
  return runCli(['call', 'echo', mcp.url.href, '--arg', `message=${text}`, ...args], { env: { MCPKIT_AUTH_FILE: authFile } });
}

/** A workload identity JWT from `iss`, for the dev server, signed with the workload key it trusts for WORKLOAD. */
function signWorkload(iss: string): Promise<string> {
  return new SignJWT({ sub: 'spiffe://example/ci' })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setIssuer(iss)
    .setAudience(as.issuer)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(workloadKey);
}

function expectEcho(run: CliRun, text: string): void {
  expect(run.stderr).not.toContain(SECRET);
  expect(run.stdout).not.toContain(SECRET);
  expect({ code: run.code, stdout: run.stdout.trim() }).toEqual({ code: 0, stdout: text });
}

const SECRET_ARGS = ['--client-id', 'app'];

describe('mcpkit auth-server grants, end to end', () => {
  it('client credentials with a secret from a file', async () => {
    expectEcho(
      await echo('bearer', ['--client-credentials', ...SECRET_ARGS, '--client-secret-file', join(dir, 'secret.txt')]),
      'bearer',
    );
  });

  it('client credentials with DPoP: the stored token is bound, and useless as Bearer or with another key', async () => {
    const authFile = join(dir, 'dpop.json');
    const args = ['--client-credentials', ...SECRET_ARGS, '--client-secret-file', join(dir, 'secret.txt'), '--dpop'];
    expectEcho(await echo('bound', args, authFile), 'bound');
    const stored = JSON.parse(readFileSync(authFile, 'utf8')) as {
      servers: Record<string, { tokens: { accessToken: string; tokenType: string } }>;
    };
    const tokens = Object.values(stored.servers)[0]?.tokens;
    expect(tokens?.tokenType).toBe('DPoP');
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const asBearer = await fetch(mcp.url, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${tokens?.accessToken ?? ''}` },
      body: JSON.stringify(ping),
    });
    expect(asBearer.status).toBe(401);
    expect(asBearer.headers.get('www-authenticate')).toMatch(/error="invalid_token".*DPoP-bound.*DPoP algs=/);
    const noProof = await fetch(mcp.url, {
      method: 'POST',
      headers: { ...headers, authorization: `DPoP ${tokens?.accessToken ?? ''}` },
      body: JSON.stringify(ping),
    });
    expect(noProof.status).toBe(401);
    expect(noProof.headers.get('www-authenticate')).toMatch(/^DPoP error="invalid_dpop_proof"/);
    // A later process has another key: its proof does not match, and it simply gets a new bound token.
    expectEcho(await echo('again', args, authFile), 'again');
  });

  it('mcpkit login with client credentials and DPoP keeps a bound token', async () => {
    const authFile = join(dir, 'login.json');
    const run = await runCli(
      ['login', mcp.url.href, '--client-credentials', ...SECRET_ARGS, '--client-secret-file', join(dir, 'secret.txt'), '--dpop'],
      { env: { MCPKIT_AUTH_FILE: authFile } },
    );
    expect(run.stderr).not.toContain(SECRET);
    expect(run.code).toBe(0);
    expect(readFileSync(authFile, 'utf8')).toContain('"tokenType": "DPoP"');
  });

  it('client credentials with private_key_jwt (a client registered with its JWKS)', async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const registered = await fetch(`${as.issuer}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_types: ['client_credentials'],
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: [await exportJWK(pair.publicKey)] },
      }),
    });
    expect(registered.status).toBe(201);
    const clientId = ((await registered.json()) as { client_id: string }).client_id;
    writeFileSync(join(dir, 'key.jwk'), JSON.stringify({ ...(await exportJWK(pair.privateKey)), alg: 'ES256' }), { mode: 0o600 });
    const run = await echo('keyed', [
      '--client-credentials',
      '--client-id',
      clientId,
      '--client-key',
      join(dir, 'key.jwk'),
      '--dpop',
    ]);
    expectEcho(run, 'keyed');
  });

  it("a jwks_uri that cannot be fetched: the client hears only that, the server's stderr why", async () => {
    // A loopback literal: refused by the address check before any connection.
    const registered = await fetch(`${as.issuer}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_types: ['client_credentials'],
        token_endpoint_auth_method: 'private_key_jwt',
        jwks_uri: 'https://127.0.0.1:1/jwks',
      }),
    });
    const clientId = ((await registered.json()) as { client_id: string }).client_id;
    const pair = await generateKeyPair('ES256');
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ iss: clientId, sub: clientId, aud: as.issuer, iat: now, exp: now + 60, jti: 'k1' })
      .setProtectedHeader({ alg: 'ES256' })
      .sign(pair.privateKey);
    const res = await fetch(`${as.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      }).toString(),
    });
    expect(res.status).toBe(401);
    const text = await res.text();
    expect(text).toContain('could not be fetched');
    expect(text).not.toContain('loopback');
    // The log line and the answer travel on different pipes: wait for the line rather than race it.
    await waitForOutput(as.output, /(127\.0\.0\.1 is a loopback address)/);
  });

  it('enterprise-managed authorization: an ID token of the local identity provider, exchanged for an ID-JAG', async () => {
    const reply = await fetch(`${as.issuer}/idp/id-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${btoa(`app:${SECRET}`)}` },
      body: '',
    });
    const idToken = ((await reply.json()) as { id_token: string }).id_token;
    writeFileSync(join(dir, 'id.jwt'), idToken);
    const run = await echo('enterprise', [
      ...SECRET_ARGS,
      '--client-secret-file',
      join(dir, 'secret.txt'),
      '--id-token-file',
      join(dir, 'id.jwt'),
      '--idp-token-endpoint',
      `${as.issuer}/idp/token`,
    ]);
    expectEcho(run, 'enterprise');
  });

  it('a workload JWT of a trusted issuer; one of an untrusted issuer is refused with the reason', async () => {
    writeFileSync(join(dir, 'workload.jwt'), await signWorkload(WORKLOAD));
    const args = [...SECRET_ARGS, '--client-secret-file', join(dir, 'secret.txt'), '--assertion-file', join(dir, 'workload.jwt')];
    expectEcho(await echo('workload', args), 'workload');
    writeFileSync(join(dir, 'untrusted.jwt'), await signWorkload('https://attacker.example'));
    const refused = await echo('no', [...args.slice(0, -1), join(dir, 'untrusted.jwt')]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/invalid_grant.*not trusted/);
    expect(refused.stderr).not.toContain(SECRET);
  });

  it('the host, through its own oauth settings: client credentials with DPoP, an ID-JAG, a workload JWT', async () => {
    const idToken = async (): Promise<string> => {
      const reply = await fetch(`${as.issuer}/idp/id-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${btoa(`app:${SECRET}`)}` },
        body: '',
      });
      return ((await reply.json()) as { id_token: string }).id_token;
    };
    const client = { clientId: 'app', clientSecret: SECRET };
    const settings: Record<string, ServerOAuthConfig> = {
      machine: { ...client, clientCredentials: true, dpop: true },
      enterprise: {
        ...client,
        dpop: true,
        assertion: enterpriseAssertion({
          idpTokenEndpoint: `${as.issuer}/idp/token`,
          idToken,
          idpClientId: 'app',
          idpClientSecret: SECRET,
        }),
      },
      // A JWT as data, not a function.
      workload: { ...client, assertion: await signWorkload(WORKLOAD) },
    };
    // One host per server: all three reach the same URL, whose tokens one token file keeps once.
    for (const [name, oauth] of Object.entries(settings)) {
      const host = new NodeHost({
        servers: [{ name, type: 'http', url: mcp.url.href, headers: {}, oauth }],
        logDir: false,
        restart: { maxAttempts: 0 },
        auth: { tokenFile: join(dir, `host-${name}.json`), openBrowser: false },
      });
      try {
        await host.start();
        expect(host.servers().map((s) => `${s.name} ${s.state} ${s.error ?? ''}`)).toEqual([`${name} ready `]);
        const result = await host.callTool(`${name}__echo`, { message: name });
        expect(result.isError).not.toBe(true);
        expect(JSON.stringify(result.content)).toContain(name);
      } finally {
        await host.close();
      }
      const stored = readFileSync(join(dir, `host-${name}.json`), 'utf8');
      expect(stored).toContain(oauth.dpop === true ? '"tokenType": "DPoP"' : '"tokenType": "Bearer"');
      expect(stored).not.toContain(SECRET);
    }
  }, 90_000);

  it('mcpkit chat takes the same flags: client credentials with DPoP, for its one HTTP server', async () => {
    const model = await startFakeAnthropic(directed);
    try {
      const config = join(dir, 'chat.mcp.json');
      writeFileSync(config, JSON.stringify({ mcpServers: { guarded: { type: 'http', url: mcp.url.href } } }));
      const authFile = join(dir, 'chat-auth.json');
      const chat = (extra: readonly string[], file = config): Promise<CliRun> =>
        runCli(['chat', '--config', file, '--model', 'anthropic/claude-test', '--approve', 'all', '--no-browser', ...extra], {
          env: {
            HOME: dir,
            XDG_STATE_HOME: join(dir, 'state'),
            MCPKIT_AUTH_FILE: authFile,
            ANTHROPIC_API_KEY: 'test-key',
            ANTHROPIC_BASE_URL: model.url,
          },
        });
      const grant = ['--client-credentials', ...SECRET_ARGS, '--client-secret-file', join(dir, 'secret.txt'), '--dpop'];
      const run = await chat([...grant, '--once', 'call guarded__echo {"message":"from chat"}']);
      expect(run.stderr).not.toContain(SECRET);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('from chat');
      expect(readFileSync(authFile, 'utf8')).toContain('"tokenType": "DPoP"');

      // Two servers at a URL: the client's secret would go to both authorization servers, so --server must pick one.
      const two = join(dir, 'chat-two.mcp.json');
      writeFileSync(
        two,
        JSON.stringify({
          mcpServers: { guarded: { type: 'http', url: mcp.url.href }, other: { type: 'http', url: 'http://127.0.0.1:1/mcp' } },
        }),
      );
      const refused = await chat([...grant, '--once', 'hello'], two);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/for one server.*guarded, other.*--server/s);
      const picked = await chat([...grant, '--server', 'guarded', '--once', 'call guarded__echo {"message":"picked"}'], two);
      expect(picked.code, picked.stderr).toBe(0);
      expect(picked.stdout).toContain('picked');
    } finally {
      await model.close();
    }
  }, 120_000);

  it('auth-server --help documents the grants and their flags', async () => {
    const run = await runCli(['auth-server', '--help']);
    for (const flag of ['--client-secret-file', '--client-jwks-file', '--idp', '--workload-issuer', '--workload-jwks-file'])
      expect(run.stdout).toContain(flag);
  });
});
