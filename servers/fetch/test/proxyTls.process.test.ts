/**
 * --proxy-url with https targets, all the way: the server (a process, so
 * that `NODE_EXTRA_CA_CERTS` can make it trust a test CA) opens a CONNECT
 * tunnel through a local proxy, speaks TLS to a local HTTPS site inside it
 * with the target's name (SNI and certificate check), and reads the page.
 * The certificate is still checked inside the tunnel: a name it does not
 * cover, or a certificate nobody trusts, fails the fetch.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpClient } from 'mcpkit/client';
import { StdioClientTransport } from 'mcpkit/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CA_CERT, ROGUE_CERT, ROGUE_KEY, SECURE_CERT, SECURE_KEY } from './certificates.js';
import { ARTICLE } from './site.js';

const CLI = fileURLToPath(new URL('../../../apps/cli/dist/bin.js', import.meta.url));

/** A request an HTTPS site saw: path, Host header, and the name the client gave in TLS (SNI). */
interface Seen {
  readonly path: string;
  readonly host: string | undefined;
  readonly sni: string | false;
}

async function listen(server: HttpServer | HttpsServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function startSite(cert: string, key: string, seen: Seen[]): HttpsServer {
  return createHttpsServer({ cert, key }, (req, res) => {
    seen.push({
      path: req.url ?? '',
      host: req.headers.host,
      sni: (req.socket as { servername?: string | false }).servername ?? false,
    });
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('User-agent: *\nDisallow: /private\n');
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(ARTICLE);
    }
  });
}

let dir: string;
let secure: HttpsServer;
let rogue: HttpsServer;
let proxy: HttpServer;
const seen: Seen[] = [];
const rogueSeen: Seen[] = [];
const tunnels: { target: string; auth: string | undefined }[] = [];
const sockets = new Set<Socket>();
let client: McpClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-fetch-tls-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, CA_CERT);
  secure = startSite(SECURE_CERT, SECURE_KEY, seen);
  rogue = startSite(ROGUE_CERT, ROGUE_KEY, rogueSeen);
  const [securePort, roguePort] = await Promise.all([listen(secure), listen(rogue)]);
  // Which site each tunnel target reaches: names only the proxy can resolve.
  const routes: Record<string, number> = {
    'secure.test:443': securePort,
    'other.test:443': securePort,
    'secure.test:8443': roguePort,
  };
  proxy = createHttpServer((_req, res) => {
    res.writeHead(405).end();
  });
  proxy.on('connect', (req, socket: Socket, head: Buffer) => {
    const target = req.url ?? '';
    tunnels.push({ target, auth: req.headers['proxy-authorization'] });
    const port = routes[target];
    if (port === undefined) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(port, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
  });
  const proxyPort = await listen(proxy);
  client = new McpClient({ name: 'fetch-tls-test', version: '1.0.0', era: '2025-11-25' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'serve', 'fetch', '--proxy-url', `http://agent:s3cret@127.0.0.1:${String(proxyPort)}`],
      env: { NODE_EXTRA_CA_CERTS: caFile },
      stderr: 'ignore',
    }),
  );
}, 60_000);

afterAll(async () => {
  await client.close();
  for (const s of sockets) s.destroy();
  for (const server of [secure, rogue, proxy]) server.closeAllConnections();
  await Promise.all([secure, rogue, proxy].map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

async function fetchText(url: string): Promise<{ text: string; isError: boolean }> {
  const result = await client.callTool({ name: 'fetch', arguments: { url, max_length: 100_000 } }, { timeoutMs: 60_000 });
  const first = result.content[0];
  return { text: first?.type === 'text' ? first.text : '', isError: result.isError === true };
}

async function promptText(url: string): Promise<string> {
  const { messages } = await client.getPrompt({ name: 'fetch', arguments: { url } }, { timeoutMs: 60_000 });
  const content = messages[0]?.content;
  return content?.type === 'text' ? content.text : '';
}

describe('--proxy-url with an https target', () => {
  it('tunnels with CONNECT and the credentials, checks robots.txt and reads the page over TLS', async () => {
    const { text, isError } = await fetchText('https://secure.test/tides');
    expect(isError, text).toBe(false);
    expect(text.startsWith('Contents of https://secure.test/tides:\n')).toBe(true);
    expect(text).toContain('## How tides work');
    expect(text).toContain('See [the Moon page](https://secure.test/moon) for more.');
    const auth = `Basic ${Buffer.from('agent:s3cret').toString('base64')}`;
    expect(tunnels).toEqual([
      { target: 'secure.test:443', auth },
      { target: 'secure.test:443', auth },
    ]);
    // Inside the tunnel the site is addressed by its name, in TLS and in HTTP.
    expect(seen).toEqual([
      { path: '/robots.txt', host: 'secure.test', sni: 'secure.test' },
      { path: '/tides', host: 'secure.test', sni: 'secure.test' },
    ]);
  }, 60_000);

  it('applies robots.txt fetched through the tunnel', async () => {
    seen.length = 0;
    const { text, isError } = await fetchText('https://secure.test/private/page');
    expect(isError).toBe(true);
    expect(text).toContain('The sites robots.txt (https://secure.test/robots.txt), specifies that autonomous fetching');
    expect(seen.map((s) => s.path)).toEqual(['/robots.txt']);
  }, 60_000);

  it('refuses a certificate that does not name the host, or that nobody trusts, and sends nothing', async () => {
    seen.length = 0;
    // The tool reports robots.txt's failure in the official words; the fetch prompt (no robots.txt) shows why.
    expect(await fetchText('https://other.test/')).toEqual({
      text: 'Failed to fetch robots.txt https://other.test/robots.txt due to a connection issue',
      isError: true,
    });
    expect(await promptText('https://other.test/')).toMatch(
      /^Failed to fetch https:\/\/other\.test\/: ConnectError\('Hostname\/IP does not match certificate\\'s altnames/,
    );
    expect(await promptText('https://secure.test:8443/')).toMatch(
      /^Failed to fetch https:\/\/secure\.test:8443\/: ConnectError\('self[- ]signed certificate/,
    );
    expect(tunnels.map((t) => t.target).slice(-3)).toEqual(['other.test:443', 'other.test:443', 'secure.test:8443']);
    expect(seen).toEqual([]);
    expect(rogueSeen).toEqual([]);
  }, 60_000);
});
