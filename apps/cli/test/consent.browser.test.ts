// The consent page of `mcpkit auth-server` in a real Chromium: Approve sends
// the user back to the client's loopback callback with a code. Chromium
// applies the page's CSP `form-action` to the redirect that follows a form's
// submission, so a policy of 'self' alone would stop it there (the bug this
// guards); Deny sends access_denied the same way.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthServer, type AuthServerProcess } from '../../../test/support/authProcess.js';
import { assertCliBuilt } from '../../../test/support/process.js';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
if (!present) console.warn(`consent browser test skipped: no Chromium at ${CHROMIUM}`);

describe.skipIf(!present)('the consent page in Chromium', { timeout: 90_000 }, () => {
  let as: AuthServerProcess | undefined;
  let browser: Browser | undefined;
  let callback: Server | undefined;
  let redirectUri: string;
  const received: URL[] = [];

  beforeAll(async () => {
    assertCliBuilt();
    const server = createServer((req, res) => {
      received.push(new URL(req.url ?? '/', redirectUri));
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>back</title><p>Back at the client.</p>');
    });
    callback = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    redirectUri = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/callback`;
    as = await startAuthServer(['--client-id', 'browser-app', '--redirect-uri', redirectUri]);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await as?.stop();
    const server = callback;
    if (server !== undefined) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  function authorizeUrl(state: string): string {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'browser-app',
      redirect_uri: redirectUri,
      // base64url(SHA-256) of some verifier: the page only needs a well-formed challenge.
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state,
      scope: 'mcp',
    });
    return `${as!.issuer}/authorize?${query.toString()}`;
  }

  it('Approve reaches the loopback callback with a code, the state and iss', async () => {
    const page = await browser!.newPage();
    try {
      await page.goto(authorizeUrl('approve-state'));
      await expect.poll(() => page.getByRole('heading').textContent()).toBe('Authorize access?');
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL((url) => url.href.startsWith(redirectUri), { timeout: 30_000 });
      const back = received.find((u) => u.searchParams.get('state') === 'approve-state');
      expect(back?.searchParams.get('code')).toMatch(/.{20,}/);
      expect(back?.searchParams.get('iss')).toBe(as!.issuer);
      expect(await page.textContent('p')).toBe('Back at the client.');
    } finally {
      await page.close();
    }
  });

  it('Deny reaches the callback with access_denied', async () => {
    const page = await browser!.newPage();
    try {
      await page.goto(authorizeUrl('deny-state'));
      await page.getByRole('button', { name: 'Deny' }).click();
      await page.waitForURL((url) => url.href.startsWith(redirectUri), { timeout: 30_000 });
      const back = received.find((u) => u.searchParams.get('state') === 'deny-state');
      expect(back?.searchParams.get('error')).toBe('access_denied');
      expect(back?.searchParams.has('code')).toBe(false);
    } finally {
      await page.close();
    }
  });
});
