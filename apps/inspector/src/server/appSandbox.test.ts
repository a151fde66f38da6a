// The app sandbox origin: documents under unguessable paths, with the CSP,
// the CSP sandbox and frame-ancestors; wrong Host, method or path refused.
import { afterEach, describe, expect, it } from 'vitest';
import { get } from '../../test/helpers.js';
import { AppSandbox } from './appSandbox.js';

let sandbox: AppSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe('AppSandbox', () => {
  it('serves a document with its CSP, a sandbox and the allowed ancestors only', async () => {
    sandbox = await AppSandbox.start('127.0.0.1');
    sandbox.allowAncestors(['http://127.0.0.1:9']);
    const url = new URL(sandbox.add('<p>hi</p>', { connectDomains: ['https://api.example.com', "x; script-src 'unsafe-eval'"] }));
    const port = Number(url.port);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<p>hi</p>');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('connect-src https://api.example.com;');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(/; sandbox allow-scripts; frame-ancestors http:\/\/127\.0\.0\.1:9$/);
    // Another name for this machine that a rebinding page would send: refused.
    expect((await get(port, url.pathname, { host: `evil.example:${String(port)}` })).status).toBe(403);
    expect((await get(port, '/app/' + 'A'.repeat(32), { host: `127.0.0.1:${String(port)}` })).status).toBe(404);
    expect((await get(port, '/app/../etc/passwd', { host: `127.0.0.1:${String(port)}` })).status).toBe(404);
    expect((await fetch(url, { method: 'POST' })).status).toBe(405);
  });

  it('keeps a bounded number of documents, dropping the oldest', async () => {
    sandbox = await AppSandbox.start('127.0.0.1');
    const first = sandbox.add('first', undefined);
    for (let i = 0; i < 64; i++) sandbox.add(`doc ${String(i)}`, undefined);
    expect((await fetch(first)).status).toBe(404);
  });
});
