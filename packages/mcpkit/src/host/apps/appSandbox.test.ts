// The sandbox around an app: the CSP built from hostile metadata, the frame's
// allow list, and loading the app a tool links to.
import { describe, expect, it } from 'vitest';
import type { ReadResourceResult, Tool } from '../../protocol/index.js';
import { appAllowList, appContentSecurityPolicy } from './appSandbox.js';
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
