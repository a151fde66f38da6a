// The fetch server's SSRF battery, end to end: every spelling of a local,
// private or metadata address is refused before any connection (the local
// site sees nothing); host names are judged by the address they resolve to
// at connection time (fake resolver), so DNS rebinding does not pass;
// redirects are checked like the first request; and the operator's
// --allow-host / --allow-private open exactly what they say.
import type { LookupAddress } from 'node:dns';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpClient } from 'mcpkit/client';
import { connectPair, onlyText } from '../../../test/support/serverPair.js';
import { createFetchServer, type FetchServerOptions } from '../src/index.js';
import { reply, startSite, type Site } from './site.js';

let site: Site;
let client: McpClient | undefined;
beforeEach(async () => {
  site = await startSite({
    '/secret': reply(200, 'text/plain', 'the secret'),
    '/to-local': reply(302, 'text/plain', '', { Location: 'http://127.0.0.1:1/secret' }),
  });
});
afterEach(async () => {
  await client?.close();
  client = undefined;
  await site.close();
});

async function connect(options: FetchServerOptions = {}): Promise<void> {
  client = await connectPair(createFetchServer({ ignoreRobotsTxt: true, timeoutMs: 2000, ...options }));
}

async function fetchTool(url: string, prompt = false): Promise<{ text: string; isError: boolean }> {
  if (prompt) {
    const result = await client!.getPrompt({ name: 'fetch', arguments: { url } });
    const first = result.messages[0]?.content;
    return { text: first?.type === 'text' ? first.text : '', isError: result.description?.startsWith('Failed') === true };
  }
  const result = await client!.callTool({ name: 'fetch', arguments: { url } });
  return { text: onlyText(result), isError: result.isError === true };
}

/** A resolver answering from a table (and counting), standing in for DNS. */
function fakeDns(answers: Record<string, string[] | (() => string[])>): {
  resolve: FetchServerOptions['resolve'];
  calls: string[];
} {
  const calls: string[] = [];
  const resolve = ((hostname: string, _options: unknown, callback: (err: Error | null, addresses: LookupAddress[]) => void) => {
    calls.push(hostname);
    const entry = answers[hostname];
    const list = typeof entry === 'function' ? entry() : entry;
    if (list === undefined) callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    else
      callback(
        null,
        list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
  }) as unknown as FetchServerOptions['resolve'];
  return { resolve, calls };
}

const SPELLINGS = (port: number): string[] => [
  `http://127.0.0.1:${port}/secret`,
  `http://127.1:${port}/secret`,
  `http://2130706433:${port}/secret`,
  `http://0x7f000001:${port}/secret`,
  `http://0x7f.0.0.1:${port}/secret`,
  `http://0177.0.0.1:${port}/secret`,
  `http://017700000001:${port}/secret`,
  `http://127.000.000.001:${port}/secret`,
  `http://[::1]:${port}/secret`,
  `http://[0:0:0:0:0:0:0:1]:${port}/secret`,
  `http://[::ffff:127.0.0.1]:${port}/secret`,
  `http://[::ffff:7f00:1]:${port}/secret`,
  `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/secret`,
  `http://[::127.0.0.1]:${port}/secret`,
  `http://[64:ff9b::127.0.0.1]:${port}/secret`,
  `http://[2002:7f00:1::]:${port}/secret`,
  `http://0.0.0.0:${port}/secret`,
  `http://0:${port}/secret`,
  `http://localhost:${port}/secret`,
  `http://LOCALHOST.:${port}/secret`,
  `http://app.localhost:${port}/secret`,
  `http://%6c%6f%63%61%6c%68%6f%73%74:${port}/secret`,
];

const ELSEWHERE = [
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://100.100.100.200/latest/meta-data/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://metadata/computeMetadata/v1/',
  'http://10.0.0.1/',
  'http://172.16.5.4/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://169.254.1.1/',
  'http://224.0.0.251/',
  'http://255.255.255.255/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[ff02::1]/',
];

describe('every spelling of a forbidden address is refused, with no connection', () => {
  it('loopback in every form, by the tool and the prompt', async () => {
    await connect();
    for (const url of SPELLINGS(site.port)) {
      for (const prompt of [false, true]) {
        const { text, isError } = await fetchTool(url, prompt);
        expect(isError, url).toBe(true);
        expect(text, url).toMatch(
          /^Refused to fetch http:\/\/\S+: \S+ is an? (loopback|unspecified) address\. This server fetches only public addresses/,
        );
        expect(text).not.toContain('the secret');
      }
    }
    expect(site.seen).toEqual([]);
  });

  it('private, link-local, CGNAT, multicast and cloud metadata addresses and names', async () => {
    await connect();
    for (const url of ELSEWHERE) {
      const { text, isError } = await fetchTool(url);
      expect(isError, url).toBe(true);
      expect(text, url).toMatch(/^Refused to fetch /);
    }
    expect((await fetchTool('http://169.254.169.254/')).text).toContain(
      '169.254.169.254 is a cloud metadata address. This server fetches only public addresses; its operator can allow a host with --allow-host.',
    );
  });

  it('with robots.txt checking on too (the robots.txt request is refused the same way)', async () => {
    client = await connectPair(createFetchServer());
    expect((await fetchTool(`http://127.0.0.1:${site.port}/secret`)).text).toMatch(
      /^Refused to fetch http:\/\/127\.0\.0\.1:\d+\/secret: 127\.0\.0\.1 is a loopback address/,
    );
    expect(site.seen).toEqual([]);
  });
});

describe('host names are judged by the address they resolve to, when connecting', () => {
  it('refuses names that resolve to loopback, private or metadata addresses', async () => {
    const dns = fakeDns({
      'evil.test': ['127.0.0.1'],
      'intranet.test': ['10.1.2.3'],
      'meta.test': ['169.254.169.254'],
      'six.test': ['::1'],
    });
    await connect({ resolve: dns.resolve });
    expect((await fetchTool(`http://evil.test:${site.port}/secret`)).text).toMatch(
      /^Refused to fetch http:\/\/evil\.test:\d+\/secret: evil\.test resolves to 127\.0\.0\.1, a loopback address\./,
    );
    expect((await fetchTool('http://intranet.test/')).text).toContain('intranet.test resolves to 10.1.2.3, a private address');
    expect((await fetchTool('http://meta.test/')).text).toContain(
      'meta.test resolves to 169.254.169.254, a cloud metadata address',
    );
    expect((await fetchTool(`http://six.test:${site.port}/`)).text).toContain('six.test resolves to ::1, a loopback address');
    expect(site.seen).toEqual([]);
  });

  it('never connects to a refused address even when DNS also gives a public one', async () => {
    const dns = fakeDns({ 'mixed.test': ['127.0.0.1', '8.8.8.8'] });
    await connect({ resolve: dns.resolve, timeoutMs: 500 });
    const { isError } = await fetchTool(`http://mixed.test:${site.port}/secret`);
    expect(isError).toBe(true);
    expect(site.seen).toEqual([]);
  });

  it('DNS rebinding: a name that resolved elsewhere before resolves to loopback now, and is refused now', async () => {
    let calls = 0;
    const dns = fakeDns({ 'rebind.test': () => (calls++ === 0 ? ['8.8.8.8'] : ['127.0.0.1']) });
    client = await connectPair(createFetchServer({ resolve: dns.resolve, timeoutMs: 500 }));
    // First resolution (robots.txt): a public address, unreachable from this machine.
    const first = await fetchTool(`http://rebind.test:${site.port}/secret`);
    expect(first.text).toBe(`Failed to fetch robots.txt http://rebind.test:${site.port}/robots.txt due to a connection issue`);
    // Every later resolution: loopback. Refused at connection time, whatever was resolved before.
    const second = await fetchTool(`http://rebind.test:${site.port}/secret`);
    expect(second.text).toContain(`rebind.test resolves to 127.0.0.1, a loopback address`);
    expect(dns.calls.length).toBeGreaterThanOrEqual(2);
    expect(site.seen).toEqual([]);
  });
});

describe('redirects are checked like the first request', () => {
  it('refuses a redirect from an allowed host to a forbidden one', async () => {
    const targets = [
      'http://127.0.0.1:1/secret',
      'http://[::ffff:a9fe:a9fe]/latest',
      'http://metadata.google.internal/',
      'http://2130706433/',
      'file:///etc/passwd',
      'http://localhost/',
    ];
    for (const target of targets) {
      const redirecting = await startSite({ '/go': reply(302, 'text/plain', '', { Location: target }) });
      await connect({ allowHosts: [`127.0.0.1:${redirecting.port}`] });
      const { text, isError } = await fetchTool(`${redirecting.origin}/go`);
      expect(isError, target).toBe(true);
      expect(text, target).toMatch(/^Refused to (fetch|follow a redirect)/);
      await client!.close();
      await redirecting.close();
    }
    client = undefined;
  });
});

describe('--allow-host and --allow-private open exactly what they say', () => {
  it('--allow-host HOST:PORT allows that port only; HOST allows every port', async () => {
    await connect({ allowHosts: [`127.0.0.1:${site.port}`] });
    expect((await fetchTool(`http://127.0.0.1:${site.port}/secret`)).text).toContain('the secret');
    expect((await fetchTool(`http://127.0.0.1:${site.port + 1}/secret`)).text).toMatch(/^Refused/);
    expect((await fetchTool(`http://localhost:${site.port}/secret`)).text).toMatch(/^Refused/);
    await client!.close();
    await connect({ allowHosts: ['127.0.0.1'] });
    expect((await fetchTool(`http://127.0.0.1:${site.port}/secret`)).text).toContain('the secret');
  });

  it('a host name allowed is allowed whatever it resolves to; other names are not', async () => {
    const dns = fakeDns({ 'dev.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] });
    await connect({ allowHosts: ['dev.test'], resolve: dns.resolve });
    expect((await fetchTool(`http://dev.test:${site.port}/secret`)).text).toContain('the secret');
    expect((await fetchTool(`http://other.test:${site.port}/secret`)).text).toMatch(/^Refused/);
  });

  it('--allow-private allows loopback and private addresses, never cloud metadata', async () => {
    await connect({ allowPrivate: true });
    expect((await fetchTool(`http://localhost:${site.port}/secret`)).text).toContain('the secret');
    expect((await fetchTool(`http://[::ffff:127.0.0.1]:${site.port}/secret`)).text).toContain('the secret');
    for (const url of ['http://169.254.169.254/', 'http://[fd00:ec2::254]/', 'http://metadata.google.internal/']) {
      expect((await fetchTool(url)).text, url).toMatch(/cloud metadata address/);
    }
  });

  it('refuses an --allow-host value that is not a host', () => {
    expect(() => createFetchServer({ allowHosts: ['http://x/'] })).toThrow('--allow-host: not a host or host:port: http://x/');
  });
});
