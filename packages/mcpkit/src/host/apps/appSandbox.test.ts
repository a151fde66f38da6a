// The sandbox around an app: the CSP built from hostile metadata, the frame's
// allow list, and loading the app a tool links to.
import { describe, expect, it } from 'vitest';
import type { ReadResourceResult, Tool } from '../../protocol/index.js';
import { appAllowList, appContentSecurityPolicy, droppedCspEntries } from './appSandbox.js';
import { loadApp } from './loadApp.js';

describe('appContentSecurityPolicy', () => {
  it('blocks every network origin by default', () => {
    const csp = appContentSecurityPolicy(undefined);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toMatch(/https?:/);
  });

  it('adds declared origins and drops anything that could inject a directive', () => {
    const csp = appContentSecurityPolicy({
      connectDomains: ['https://api.example.com', "https://x.example; script-src 'unsafe-eval'", '*', 7],
      resourceDomains: ['https://*.cdn.example'],
      frameDomains: 'https://not-a-list.example',
    });
    expect(csp).toContain('connect-src https://api.example.com;');
    expect(csp).toContain("script-src 'unsafe-inline' https://*.cdn.example;");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-src 'none'");
    expect(csp.split(';').filter((d) => d.trim().startsWith('script-src'))).toHaveLength(1);
  });

  it('allows only the four named permissions', () => {
    expect(appAllowList({ camera: {}, clipboardWrite: {}, usb: {}, 'display-capture': {} })).toBe('camera; clipboard-write');
    expect(appAllowList('camera')).toBe('');
  });
});

describe('loadApp', () => {
  const tool = (uri: string | undefined): Tool => ({
    name: 't',
    inputSchema: { type: 'object' },
    ...(uri !== undefined && { _meta: { ui: { resourceUri: uri } } }),
  });
  const serving = (result: ReadResourceResult) => ({ readResource: () => Promise.resolve(result) });

  it('reads the linked document with its cleaned metadata (text or base64)', async () => {
    const meta = { ui: { csp: { connectDomains: ['https://a.example', 'bad value'] }, prefersBorder: true } };
    const loaded = await loadApp(
      serving({ contents: [{ uri: 'ui://a/b', mimeType: 'text/html;profile=mcp-app', text: '<p>hi</p>', _meta: meta }] }),
      tool('ui://a/b'),
    );
    expect(loaded).toEqual({
      uri: 'ui://a/b',
      html: '<p>hi</p>',
      meta: {
        csp: { connectDomains: ['https://a.example'], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
        prefersBorder: true,
      },
      dropped: [{ key: 'connectDomains', entry: 'bad value', reason: 'it is not an origin (https://host[:port])' }],
    });
    const blob = await loadApp(
      serving({
        contents: [
          { uri: 'ui://a/b', mimeType: 'text/html;profile=mcp-app', blob: btoa('<p>é</p>'.replace('é', '\u00c3\u00a9')) },
        ],
      }),
      tool('ui://a/b'),
    );
    expect(blob?.html).toBe('<p>é</p>');
  });

  it('returns nothing for a tool without an app, and refuses what is not an app', async () => {
    expect(await loadApp(serving({ contents: [] }), tool(undefined))).toBeUndefined();
    expect(await loadApp(serving({ contents: [] }), tool('https://a/b'))).toBeUndefined();
    await expect(loadApp(serving({ contents: [] }), tool('ui://a/b'))).rejects.toThrow(/no content/);
    await expect(
      loadApp(serving({ contents: [{ uri: 'ui://a/b', mimeType: 'text/html', text: '' }] }), tool('ui://a/b')),
    ).rejects.toThrow(/MIME/);
    await expect(
      loadApp(
        serving({ contents: [{ uri: 'ui://a/b', mimeType: 'text/html;profile=mcp-app', text: 'x'.repeat(101) }] }),
        tool('ui://a/b'),
        100,
      ),
    ).rejects.toThrow(/more than 100/);
  });
});

describe('origins an app may not name', () => {
  const local = [
    'http://127.0.0.1:6274',
    'ws://localhost:11434',
    'http://10.0.0.1:8080',
    'http://192.168.1.1',
    'http://169.254.169.254',
    'http://*.localhost',
    'http://app.localhost:3000',
    'http://printer.local',
    'http://2130706433',
    'http://0x7f.1',
    'http://intranet',
    'https://*.com',
    'https://*.co.uk',
    'https://*.github.io',
  ];

  it('drops this machine, the local network and wildcards over public suffixes, and says why', () => {
    const declared = { connectDomains: [...local, 'https://api.example.com'], resourceDomains: ['https://*.cdn.example', 7] };
    const csp = appContentSecurityPolicy(declared);
    for (const origin of local) expect(csp).not.toContain(origin);
    expect(csp).toContain('connect-src https://api.example.com;');
    expect(csp).toContain('https://*.cdn.example');
    const dropped = droppedCspEntries(declared);
    expect(dropped.map((d) => d.entry)).toEqual([...local, '7']);
    expect(dropped.find((d) => d.entry === 'http://169.254.169.254')?.reason).toBe('its host is a cloud metadata address');
    expect(dropped.find((d) => d.entry === 'ws://localhost:11434')?.reason).toBe('its host is a loopback address');
    expect(dropped.find((d) => d.entry === 'http://10.0.0.1:8080')?.reason).toBe('its host is a private address');
    expect(dropped.find((d) => d.entry === 'https://*.co.uk')?.reason).toBe('it is a wildcard over a public suffix');
    expect(dropped.find((d) => d.entry === 'https://*.com')?.reason).toBe('it is a wildcard over a public suffix');
    expect(dropped.find((d) => d.entry === 'http://printer.local')?.reason).toMatch(/local network/);
  });
});
