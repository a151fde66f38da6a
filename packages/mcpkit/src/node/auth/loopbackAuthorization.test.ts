import { describe, expect, it } from 'vitest';
import { AuthorizationError } from '../../auth/index.js';
import { LoopbackAuthorization } from './loopbackAuthorization.js';

describe('LoopbackAuthorization', () => {
  it('listens on 127.0.0.1 and resolves with the exact callback only', async () => {
    const handler = new LoopbackAuthorization({ openBrowser: false });
    const uri = await handler.redirectUri();
    expect(uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const returned = handler.authorize(new URL('https://as.example/authorize'), {});
    const other = await fetch(uri.replace('/callback', '/callbackx?code=1&state=s'));
    expect(other.status).toBe(404);
    const page = await fetch(`${uri}?code=abc&state=s&iss=https%3A%2F%2Fas.example`);
    expect(page.status).toBe(200);
    const url = await returned;
    expect(url.searchParams.get('code')).toBe('abc');
    expect(`${url.origin}${url.pathname}`).toBe(uri);
    // The listener is gone once the answer came.
    await expect(fetch(uri)).rejects.toThrow();
  });

  it('reuses the port of an earlier registration when it is free', async () => {
    const first = new LoopbackAuthorization({ openBrowser: false });
    const uri = await first.redirectUri();
    first.close();
    const second = new LoopbackAuthorization({ openBrowser: false });
    expect(await second.redirectUri([uri])).toBe(uri);
    second.close();
  });

  it('gives up after its timeout, and on the signal', async () => {
    const slow = new LoopbackAuthorization({ openBrowser: false, timeoutMs: 50 });
    await expect(slow.authorize(new URL('https://as.example/a'), {})).rejects.toBeInstanceOf(AuthorizationError);
    const controller = new AbortController();
    const cancelled = new LoopbackAuthorization({ openBrowser: false });
    const pending = cancelled.authorize(new URL('https://as.example/a'), { signal: controller.signal });
    setTimeout(() => {
      controller.abort();
    }, 20);
    await expect(pending).rejects.toThrow();
  });
});
