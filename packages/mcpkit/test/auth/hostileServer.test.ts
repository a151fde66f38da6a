// A remote MCP server (at a public origin, https://mcp.example.com) tries to
// steer the OAuth client into this machine's own services and its network
// through every URL it hands over, and to have a local service's reply echoed
// in an error. The world is in memory: the URLs are refused before any fetch.
import { describe, expect, it } from 'vitest';
import { AddressRule, AuthorizationError, OAuthClient } from '../../src/auth/index.js';
import { authorizedClient } from '../../src/http/client/authorizer.js';
import { FakeWorld, ISSUER, post, type WorldOptions } from './fakeWorld.js';

const PRM_URL = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';

/** The world, its fetch wrapped to record every URL fetched and to answer some URLs itself. */
function setup(world: WorldOptions, answer: (url: string) => Response | undefined = () => undefined) {
  const w = new FakeWorld(world);
  const fetched: string[] = [];
  const oauth = new OAuthClient({
    handler: w.handler,
    fetch: (input, init) => {
      fetched.push(input);
      return Promise.resolve(answer(input) ?? w.fetch(input, init));
    },
  });
  return { world: w, fetched, client: authorizedClient(w.resource, oauth) };
}

async function refusal(promise: Promise<unknown>): Promise<AuthorizationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthorizationError);
  return error as AuthorizationError;
}

const INTERNAL = [
  ['http://127.0.0.1:8080/secret', 'loopback'],
  ['http://localhost:8080/secret', 'loopback'],
  ['http://[::1]:8080/secret', 'loopback'],
  ['https://[::ffff:127.0.0.1]/secret', 'loopback'],
  ['http://0x7f000001/secret', 'loopback'],
  ['https://10.0.0.1/secret', 'private'],
  ['https://192.168.1.1/admin', 'private'],
  ['https://[fd00::1]/secret', 'private'],
  ['https://[fe80::1]/secret', 'link-local'],
  ['https://169.254.169.254/latest/meta-data', 'cloud metadata'],
  ['https://metadata.google.internal/computeMetadata/v1', 'cloud metadata'],
] as const;

describe('a public MCP server cannot send the OAuth client to this machine or its network', () => {
  it.each(INTERNAL)('refuses the challenge resource_metadata %s (%s), fetching nothing there', async (url, kind) => {
    const { fetched, client } = setup({ challenge: `Bearer resource_metadata="${url}"` });
    const error = await refusal(client.request(post()));
    expect(error.reason).toBe('refused_url');
    expect(error.message).toContain(kind);
    expect(error.message).toContain('https://mcp.example.com');
    expect(fetched).toEqual([]);
  });

  it.each(INTERNAL)('refuses an authorization server at %s', async (url) => {
    const { fetched, client } = setup({ prm: { authorization_servers: [url] } });
    expect((await refusal(client.request(post()))).reason).toBe('refused_url');
    expect(fetched).toEqual([PRM_URL]);
  });

  it.each(['token_endpoint', 'registration_endpoint', 'authorization_endpoint'])(
    'refuses a %s on loopback, before sending anything there',
    async (member) => {
      const { world, fetched, client } = setup({ metadata: { [member]: 'http://127.0.0.1:9/x' } });
      const error = await refusal(client.request(post()));
      expect(error.reason).toBe('refused_url');
      expect(error.message).toContain(`The ${member} http://127.0.0.1:9/x is refused`);
      expect(fetched.filter((u) => u.startsWith('http://127.0.0.1'))).toEqual([]);
      expect(world.authorizations).toEqual([]);
    },
  );

  it('checks every redirect of a metadata fetch: one to loopback is refused, not followed', async () => {
    const { fetched, client } = setup({}, (url) =>
      url === PRM_URL ? new Response('', { status: 302, headers: { location: 'http://127.0.0.1:6379/' } }) : undefined,
    );
    const error = await refusal(client.request(post()));
    expect(error.reason).toBe('refused_url');
    expect(error.message).toContain(`The redirect of ${PRM_URL} to http://127.0.0.1:6379/ is refused`);
    expect(fetched).toEqual([PRM_URL]);
  });

  it('follows a redirect to a public place', async () => {
    const moved = 'https://docs.example.com/prm.json';
    const { world, client } = setup({}, (url) =>
      url === PRM_URL
        ? new Response('', { status: 301, headers: { location: moved } })
        : url === moved
          ? Response.json({ resource: 'https://mcp.example.com/mcp', authorization_servers: [ISSUER] })
          : undefined,
    );
    expect((await client.request(post())).status).toBe(200);
    expect(world.authorizations).toHaveLength(1);
  });

  it('never repeats the body of a failed response, only its status and content type', async () => {
    const { client } = setup({}, (url) =>
      url === `${ISSUER}/token`
        ? new Response('<html>root:x:0:0:SECRET-PAGE</html>', { status: 500, headers: { 'content-type': 'text/html' } })
        : undefined,
    );
    const error = await refusal(client.request(post()));
    expect(error.message).toContain('HTTP 500 (text/html)');
    expect(error.message).not.toContain('SECRET');
  });

  it('repeats an OAuth error only when it is OAuth error text', async () => {
    const { client } = setup({}, (url) =>
      url === `${ISSUER}/token`
        ? Response.json({ error: 'invalid_grant', error_description: 'line\nSECRET-LINE' }, { status: 400 })
        : undefined,
    );
    const error = await refusal(client.request(post()));
    expect(error.message).toContain('invalid_grant');
    expect(error.message).not.toContain('SECRET');
  });
});

describe('AddressRule', () => {
  it('lets a loopback server name loopback URLs, and nothing else that is not public', () => {
    const rule = new AddressRule(new URL('http://127.0.0.1:3000/mcp'));
    expect(rule.checkUrl('http://localhost:9000/token', 'x').href).toBe('http://localhost:9000/token');
    expect(rule.checkUrl('http://[::1]:9000/token', 'x').port).toBe('9000');
    expect(() => rule.checkUrl('https://192.168.0.1/', 'x')).toThrow(/private/);
    expect(() => rule.checkUrl('https://169.254.169.254/', 'x')).toThrow(/cloud metadata/);
    expect(() => rule.checkUrl('http://as.example.com/', 'x')).toThrow(/must use https/);
  });

  it('lets a server on the private network name private addresses, where its name resolves there', () => {
    const rule = new AddressRule(new URL('https://mcp.lan/mcp'), ['10.1.2.3']);
    expect(() => {
      rule.checkAddress(new URL('https://as.lan/'), '10.9.9.9');
    }).not.toThrow();
    expect(() => {
      rule.checkAddress(new URL('https://as.lan/'), '127.0.0.1');
    }).toThrow(/as\.lan resolves to 127\.0\.0\.1, a loopback address/);
  });

  it('refuses non-http schemes', () => {
    const rule = new AddressRule(new URL('https://mcp.example.com/'));
    expect(() => rule.checkUrl('file:///etc/passwd', 'x')).toThrow(AuthorizationError);
    expect(() => rule.checkUrl('javascript:alert(1)', 'x')).toThrow(AuthorizationError);
  });
});
