// --proxy-url: requests go through a (local, fake) HTTP proxy, and the
// address policy still refuses what it can see before asking the proxy.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpClient } from 'mcpkit/client';
import { connectPair, onlyText } from '../../../test/support/serverPair.js';
import { createFetchServer, type FetchServerOptions } from '../src/index.js';

interface ProxyLog {
  readonly method: string;
  readonly target: string;
  readonly auth: string | undefined;
}

let proxy: Server;
let log: ProxyLog[];
let port: number;
let client: McpClient | undefined;
const tunnels: Duplex[] = [];

beforeEach(async () => {
  log = [];
  proxy = createServer((req, res) => {
    log.push({ method: req.method ?? '', target: req.url ?? '', auth: req.headers['proxy-authorization'] });
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(`proxied ${req.url ?? ''}`);
  });
  proxy.on('connect', (req, socket) => {
    log.push({ method: 'CONNECT', target: req.url ?? '', auth: req.headers['proxy-authorization'] });
    // A tunnel to a target that never answers (the TLS handshake waits forever).
    if (req.url === 'silent.test:443') {
      tunnels.push(socket);
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    } else socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  port = (proxy.address() as AddressInfo).port;
});
afterEach(async () => {
  await client?.close();
  client = undefined;
  proxy.closeAllConnections();
  // Tunnels left the server's hands at CONNECT: closed here.
  for (const socket of tunnels.splice(0)) socket.destroy();
  await new Promise((resolve) => proxy.close(resolve));
});

/** DNS here knows nothing: only the proxy can resolve names (as in many corporate networks). */
const noDns = ((_host: string, _options: unknown, callback: (err: Error, addresses: never[]) => void) => {
  callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), []);
}) as unknown as FetchServerOptions['resolve'];

async function call(url: string, options: FetchServerOptions = {}): Promise<{ text: string; isError: boolean }> {
  client = await connectPair(createFetchServer({ proxyUrl: `http://user:p%40ss@127.0.0.1:${port}`, resolve: noDns, ...options }));
  const result = await client.callTool({ name: 'fetch', arguments: { url } });
  return { text: onlyText(result), isError: result.isError === true };
}

describe('--proxy-url', () => {
  it('sends http requests to the proxy in absolute form, with the credentials', async () => {
    const { text } = await call('http://example.test/page.txt');
    expect(text).toBe(
      'Content type text/plain cannot be simplified to markdown, but here is the raw content:\nContents of http://example.test/page.txt:\nproxied http://example.test/page.txt',
    );
    const auth = `Basic ${Buffer.from('user:p@ss').toString('base64')}`;
    expect(log).toEqual([
      { method: 'GET', target: 'http://example.test/robots.txt', auth },
      { method: 'GET', target: 'http://example.test/page.txt', auth },
    ]);
  });

  it('tunnels https with CONNECT, and reports a refused tunnel', async () => {
    const { text, isError } = await call('https://example.test/', { ignoreRobotsTxt: true });
    expect(isError).toBe(true);
    expect(text).toBe('Failed to fetch https://example.test/: the proxy refused to connect to example.test:443 (status 403)');
    expect(log).toEqual([{ method: 'CONNECT', target: 'example.test:443', auth: expect.stringMatching(/^Basic /) as unknown }]);
  });

  it('gives up on a tunnel whose target never completes the TLS handshake, at the deadline', async () => {
    const { text, isError } = await call('https://silent.test/', { ignoreRobotsTxt: true, timeoutMs: 300 });
    expect(isError).toBe(true);
    expect(text).toBe("Failed to fetch https://silent.test/: ReadTimeout('no complete response within 300 ms')");
    expect(log.map((l) => l.target)).toEqual(['silent.test:443']);
  });

  it('still refuses forbidden addresses and names it can resolve, before asking the proxy', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://[::ffff:169.254.169.254]/',
      'http://metadata.google.internal/',
      'http://localhost/',
    ]) {
      expect((await call(url)).text, url).toMatch(/^Refused to fetch /);
      await client!.close();
    }
    const dns = ((_h: string, _o: unknown, cb: (e: null, a: { address: string; family: number }[]) => void) => {
      cb(null, [{ address: '10.0.0.7', family: 4 }]);
    }) as unknown as FetchServerOptions['resolve'];
    expect((await call('http://intranet.test/', { resolve: dns })).text).toContain(
      'intranet.test resolves to 10.0.0.7, a private address',
    );
    expect(log).toEqual([]);
  });

  it('refuses a proxy URL it cannot use', () => {
    expect(() => createFetchServer({ proxyUrl: 'socks5://127.0.0.1:1080' })).toThrow(
      '--proxy-url: only http:// proxies are supported, not socks5:',
    );
    expect(() => createFetchServer({ proxyUrl: 'nope' })).toThrow('--proxy-url: not a URL: nope');
  });
});
