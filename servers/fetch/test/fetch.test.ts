// The fetch server through an mcpkit client against a local site. The
// official mcp-server-fetch (Python) cannot run here, so its texts are
// pinned from its source (modelcontextprotocol/servers,
// src/fetch/src/mcp_server_fetch/server.py): the tool and prompt
// definitions, the paging notes, the robots.txt refusals, the error texts.
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpClient } from 'mcpkit/client';
import { connectPair, onlyText, REVISIONS } from '../../../test/support/serverPair.js';
import { createFetchServer, USER_AGENT_AUTONOMOUS, USER_AGENT_MANUAL, type FetchServerOptions } from '../src/index.js';
import { ARTICLE, reply, startSite, type Route, type Site } from './site.js';

let site: Site | undefined;
let client: McpClient | undefined;
afterEach(async () => {
  await client?.close();
  await site?.close();
  client = undefined;
  site = undefined;
});

async function serve(
  routes: Record<string, Route>,
  options: FetchServerOptions = {},
  revision: (typeof REVISIONS)[number] = '2025-11-25',
): Promise<Site> {
  site = await startSite(routes);
  client = await connectPair(createFetchServer({ allowHosts: [`127.0.0.1:${site.port}`], ...options }), revision);
  return site;
}

async function fetchTool(args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = await client!.callTool({ name: 'fetch', arguments: args });
  return { text: onlyText(result), isError: result.isError === true };
}

describe('definitions', () => {
  it('lists the official tool (schema, description) with annotations, and the official prompt', async () => {
    client = await connectPair(createFetchServer());
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({
      name: 'fetch',
      description:
        'Fetches a URL from the internet and optionally extracts its contents as markdown.\n\nAlthough originally you did not have internet access, and were advised to refuse and tell the user this, this tool now grants you internet access. Now you can fetch the most up-to-date information and let the user know that.',
      inputSchema: {
        title: 'Fetch',
        required: ['url'],
        properties: {
          url: { type: 'string', format: 'uri', minLength: 1 },
          max_length: { type: 'integer', default: 5000, exclusiveMinimum: 0, exclusiveMaximum: 1000000 },
          start_index: { type: 'integer', default: 0, minimum: 0 },
          raw: { type: 'boolean', default: false },
        },
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    });
    expect((await client.listPrompts()).prompts).toEqual([
      {
        name: 'fetch',
        description: 'Fetch a URL and extract its contents as markdown',
        arguments: [{ name: 'url', description: 'URL to fetch', required: true }],
      },
    ]);
  });
});

describe.each(REVISIONS)('fetch at %s', (revision) => {
  it('extracts the main content as markdown, with absolute links, lists, code and a table', async () => {
    const { origin } = await serve({ '/tides': reply(200, 'text/html; charset=utf-8', ARTICLE) }, {}, revision);
    const { text, isError } = await fetchTool({ url: `${origin}/tides`, max_length: 100000 });
    expect(isError).toBe(false);
    expect(text.startsWith(`Contents of ${origin}/tides:\n`)).toBe(true);
    expect(text).toContain('## How tides work');
    expect(text).toContain(`See [the Moon page](${origin}/moon) for more.`);
    expect(text).toContain('* Semidiurnal: two highs a day\n* Diurnal: one high a day');
    expect(text).toContain('```\nheight = mean + amplitude * cos(omega * t)\n```');
    expect(text).toContain('| Place | Range (m) |\n| --- | --- |\n| Bay of Fundy | 16 |');
    expect(text).not.toContain('Copyright');
    expect(text).not.toContain('Contact');
  });
});

describe('paging (the official texts)', () => {
  it('truncates with the continuation note, continues from start_index, and ends', async () => {
    const body = 'x'.repeat(30);
    const { origin } = await serve({ '/t.txt': reply(200, 'text/plain', body) });
    const prefix = `Content type text/plain cannot be simplified to markdown, but here is the raw content:\nContents of ${origin}/t.txt:\n`;
    expect((await fetchTool({ url: `${origin}/t.txt`, max_length: 20 })).text).toBe(
      `${prefix}${'x'.repeat(20)}\n\n<error>Content truncated. Call the fetch tool with a start_index of 20 to get more content.</error>`,
    );
    expect((await fetchTool({ url: `${origin}/t.txt`, max_length: 20, start_index: 20 })).text).toBe(
      `${prefix}${'x'.repeat(10)}`,
    );
    expect((await fetchTool({ url: `${origin}/t.txt`, max_length: 10, start_index: 20 })).text).toBe(
      `${prefix}${'x'.repeat(10)}`,
    );
    expect((await fetchTool({ url: `${origin}/t.txt`, start_index: 30 })).text).toBe(
      `${prefix}<error>No more content available.</error>`,
    );
  });

  it('counts characters as Python does (an emoji is one)', async () => {
    const { origin } = await serve({ '/e.txt': reply(200, 'text/plain; charset=utf-8', '😀😀😀ab') });
    const { text } = await fetchTool({ url: `${origin}/e.txt`, max_length: 2, start_index: 1 });
    expect(
      text.endsWith(
        ':\n😀😀\n\n<error>Content truncated. Call the fetch tool with a start_index of 3 to get more content.</error>',
      ),
    ).toBe(true);
  });

  it('refuses max_length and start_index out of the official bounds', async () => {
    client = await connectPair(createFetchServer());
    for (const args of [{ max_length: 0 }, { max_length: 1000000 }, { start_index: -1 }]) {
      const { isError, text } = await fetchTool({ url: 'http://example.com/', ...args });
      expect(isError).toBe(true);
      expect(text).toMatch(/^Invalid arguments for tool fetch: /);
    }
  });
});

describe('content types', () => {
  it('raw HTML and non-HTML come back as they are, with the official prefix', async () => {
    const { origin } = await serve({ '/a': reply(200, 'text/html', ARTICLE), '/j': reply(200, 'application/json', '{"a":1}') });
    expect((await fetchTool({ url: `${origin}/a`, raw: true, max_length: 999999 })).text).toBe(
      `Content type text/html cannot be simplified to markdown, but here is the raw content:\nContents of ${origin}/a:\n${ARTICLE}`,
    );
    expect((await fetchTool({ url: `${origin}/j` })).text).toBe(
      `Content type application/json cannot be simplified to markdown, but here is the raw content:\nContents of ${origin}/j:\n{"a":1}`,
    );
  });

  it('treats a page without a content type, or starting with <html, as HTML', async () => {
    const html =
      '<html><body><article><p>Only a short paragraph here, but it is the content of the page and should be kept.</p></article></body></html>';
    const { origin } = await serve({
      '/none': (_req, res) => {
        res.writeHead(200);
        res.end(html);
      },
      '/plain': reply(200, 'text/plain', html),
    });
    expect((await fetchTool({ url: `${origin}/none` })).text).toBe(
      `Contents of ${origin}/none:\nOnly a short paragraph here, but it is the content of the page and should be kept.`,
    );
    expect((await fetchTool({ url: `${origin}/plain` })).text).toContain('Only a short paragraph');
  });

  it('decodes gzip and the declared charset', async () => {
    const latin1 = Buffer.from('caf\u00e9 cr\u00e8me', 'latin1');
    const { origin } = await serve({
      '/gz': reply(200, 'text/plain; charset=utf-8', gzipSync('zipped é'), { 'Content-Encoding': 'gzip' }),
      '/l1': reply(200, 'text/plain; charset=iso-8859-1', latin1),
    });
    expect((await fetchTool({ url: `${origin}/gz` })).text.endsWith(':\nzipped é')).toBe(true);
    expect((await fetchTool({ url: `${origin}/l1` })).text.endsWith(':\ncafé crème')).toBe(true);
  });

  it('says so when no content can be extracted', async () => {
    const { origin } = await serve({ '/empty': reply(200, 'text/html', '<html><body></body></html>') });
    expect((await fetchTool({ url: `${origin}/empty` })).text).toBe(
      `Contents of ${origin}/empty:\n<error>Page failed to be simplified from HTML</error>`,
    );
  });
});

describe('failures (the official texts)', () => {
  it('an HTTP error status', async () => {
    const { origin } = await serve({ '/gone': reply(410, 'text/plain', 'gone'), '/boom': reply(500, 'text/plain', 'boom') });
    expect(await fetchTool({ url: `${origin}/gone` })).toEqual({
      text: `Failed to fetch ${origin}/gone - status code 410`,
      isError: true,
    });
    expect(await fetchTool({ url: `${origin}/missing` })).toEqual({
      text: `Failed to fetch ${origin}/missing - status code 404`,
      isError: true,
    });
    expect((await fetchTool({ url: `${origin}/boom` })).text).toBe(`Failed to fetch ${origin}/boom - status code 500`);
  });

  it('a connection refused, a timeout, too many redirects, a body over the limit', async () => {
    const { origin, port } = await serve(
      {
        '/slow': () => undefined,
        '/loop': reply(302, 'text/plain', '', { Location: '/loop' }),
        '/big': reply(200, 'text/plain', 'y'.repeat(2000)),
      },
      { ignoreRobotsTxt: true, timeoutMs: 300, maxBytes: 1000, allowPrivate: true },
    );
    await site!.close();
    site = await startSite({
      '/slow': () => undefined,
      '/loop': reply(302, 'text/plain', '', { Location: '/loop' }),
      '/big': reply(200, 'text/plain', 'y'.repeat(2000)),
    });
    expect((await fetchTool({ url: `${origin}/x` })).text).toMatch(
      new RegExp(`^Failed to fetch ${origin}/x: ConnectError\\('connect ECONNREFUSED 127\\.0\\.0\\.1:${port}'\\)$`),
    );
    const live = site.origin;
    expect((await fetchTool({ url: `${live}/slow` })).text).toBe(
      `Failed to fetch ${live}/slow: ReadTimeout('no complete response within 300 ms')`,
    );
    expect((await fetchTool({ url: `${live}/loop` })).text).toBe(
      `Failed to fetch ${live}/loop: TooManyRedirects('Exceeded maximum allowed redirects.')`,
    );
    expect((await fetchTool({ url: `${live}/big` })).text).toBe(
      `Failed to fetch ${live}/big: the response is larger than 1000 bytes`,
    );
  });

  it('a URL that is not http(s) or not a URL', async () => {
    client = await connectPair(createFetchServer());
    expect(await fetchTool({ url: 'file:///etc/passwd' })).toEqual({
      text: 'Failed to fetch file:///etc/passwd: only http and https URLs can be fetched',
      isError: true,
    });
    expect((await fetchTool({ url: 'not a url' })).isError).toBe(true);
  });

  it('follows redirects and reports the URL asked for', async () => {
    const { origin } = await serve({
      '/old': reply(301, 'text/plain', '', { Location: '/new.txt' }),
      '/new.txt': reply(200, 'text/plain', 'moved'),
    });
    expect((await fetchTool({ url: `${origin}/old` })).text).toBe(
      `Content type text/plain cannot be simplified to markdown, but here is the raw content:\nContents of ${origin}/old:\nmoved`,
    );
  });
});

describe('cancellation', () => {
  it('a cancelled call stops its HTTP request', async () => {
    let arrived!: () => void;
    let closed!: () => void;
    const requestArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const requestClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const hang: Route = (req) => {
      req.on('close', closed);
      arrived();
    };
    const { origin } = await serve({ '/hang': hang }, { ignoreRobotsTxt: true });
    const controller = new AbortController();
    const call = client!.callTool({ name: 'fetch', arguments: { url: `${origin}/hang` } }, { signal: controller.signal });
    await requestArrived;
    controller.abort();
    await expect(call).rejects.toThrow(/cancelled/);
    await requestClosed;
  });
});

describe('robots.txt', () => {
  const page = reply(200, 'text/plain', 'page');

  it('is read with the autonomous user agent before the page; a 404 allows', async () => {
    const s = await serve({ '/p': page });
    expect((await fetchTool({ url: `${s.origin}/p` })).isError).toBe(false);
    expect(s.seen).toEqual([
      { path: '/robots.txt', userAgent: USER_AGENT_AUTONOMOUS },
      { path: '/p', userAgent: USER_AGENT_AUTONOMOUS },
    ]);
  });

  it('refuses a disallowed page with the official text quoting the file', async () => {
    const robots = '# no bots\nUser-agent: ModelContextProtocol\nDisallow: /private\n\nUser-agent: *\nAllow: /\n';
    const s = await serve({ '/robots.txt': reply(200, 'text/plain', robots), '/private/x': page, '/public': page });
    expect(await fetchTool({ url: `${s.origin}/private/x` })).toEqual({
      isError: true,
      text:
        `The sites robots.txt (${s.origin}/robots.txt), specifies that autonomous fetching of this page is not allowed, ` +
        `<useragent>${USER_AGENT_AUTONOMOUS}</useragent>\n<url>${s.origin}/private/x</url><robots>\n${robots}\n</robots>\n` +
        'The assistant must let the user know that it failed to view the page. The assistant may provide further guidance based on the above information.\n' +
        'The assistant can tell the user that they can try manually fetching the page by using the fetch prompt within their UI.',
    });
    expect((await fetchTool({ url: `${s.origin}/public` })).isError).toBe(false);
    expect(s.seen.map((r) => r.path)).not.toContain('/private/x');
  });

  it('takes 401 and 403 (and, per RFC 9309, 5xx) as a refusal', async () => {
    for (const status of [401, 403, 503]) {
      const s = await serve({ '/robots.txt': reply(status, 'text/plain', 'no'), '/p': page });
      expect(await fetchTool({ url: `${s.origin}/p` })).toEqual({
        isError: true,
        text: `When fetching robots.txt (${s.origin}/robots.txt), received status ${status} so assuming that autonomous fetching is not allowed, the user can try manually fetching by using the fetch prompt`,
      });
      await client!.close();
      await site!.close();
    }
    client = undefined;
    site = undefined;
  });

  it('is skipped with --ignore-robots-txt; --user-agent replaces both agents', async () => {
    const s = await serve(
      { '/robots.txt': reply(200, 'text/plain', 'User-agent: *\nDisallow: /'), '/p': page },
      { ignoreRobotsTxt: true, userAgent: 'TestBot/2' },
    );
    expect((await fetchTool({ url: `${s.origin}/p` })).isError).toBe(false);
    expect(s.seen).toEqual([{ path: '/p', userAgent: 'TestBot/2' }]);
  });

  it('says so when robots.txt cannot be reached', async () => {
    const s = await serve({ '/robots.txt': (req) => req.socket.destroy() });
    expect((await fetchTool({ url: `${s.origin}/p` })).text).toBe(
      `Failed to fetch robots.txt ${s.origin}/robots.txt due to a connection issue`,
    );
  });
});

describe('the fetch prompt', () => {
  it('fetches without robots.txt, with the manual user agent, and reports failures as a message', async () => {
    const s = await serve({
      '/robots.txt': reply(200, 'text/plain', 'User-agent: *\nDisallow: /'),
      '/p.txt': reply(200, 'text/plain', 'hello'),
    });
    expect(await client!.getPrompt({ name: 'fetch', arguments: { url: `${s.origin}/p.txt` } })).toEqual({
      description: `Contents of ${s.origin}/p.txt`,
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: 'Content type text/plain cannot be simplified to markdown, but here is the raw content:\nhello',
          },
        },
      ],
    });
    expect(s.seen).toEqual([{ path: '/p.txt', userAgent: USER_AGENT_MANUAL }]);
    expect(await client!.getPrompt({ name: 'fetch', arguments: { url: `${s.origin}/nope` } })).toEqual({
      description: `Failed to fetch ${s.origin}/nope`,
      messages: [{ role: 'user', content: { type: 'text', text: `Failed to fetch ${s.origin}/nope - status code 404` } }],
    });
  });
});
