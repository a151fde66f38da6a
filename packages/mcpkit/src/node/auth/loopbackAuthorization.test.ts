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

  it("ignores a callback without the authorization's state, and waits for the real one", async () => {
    const handler = new LoopbackAuthorization({ openBrowser: false });
    const uri = await handler.redirectUri();
    const returned = handler.authorize(new URL('https://as.example/authorize?state=right'), {});
    expect((await fetch(`${uri}?code=forged&state=wrong`)).status).toBe(400);
    expect((await fetch(`${uri}?code=forged`)).status).toBe(400);
    expect((await fetch(`${uri}?code=real&state=right`)).status).toBe(200);
    expect((await returned).searchParams.get('code')).toBe('real');
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

  it('listens on a fixed port, and a busy one is an error rather than another port', async () => {
    const first = new LoopbackAuthorization({ openBrowser: false });
    const uri = await first.redirectUri();
    const port = Number(new URL(uri).port);
    const busy = new LoopbackAuthorization({ openBrowser: false, port });
    await expect(busy.redirectUri()).rejects.toThrow(`127.0.0.1:${String(port)}`);
    first.close();
    const fixed = new LoopbackAuthorization({ openBrowser: false, port });
    expect(await fixed.redirectUri(['http://127.0.0.1:1/callback'])).toBe(`http://127.0.0.1:${String(port)}/callback`);
    fixed.close();
  });

  it('takes a pasted URL only with the state and at the redirect URI, and asks again after a refusal', async () => {
    const refusals: (string | undefined)[] = [];
    let uri = '';
    const pastes = [
      'not a url',
      'http://127.0.0.1:1/elsewhere?code=c&state=s1',
      () => `${uri}?code=stolen&state=other`,
      () => `${uri}?state=s1`,
      () => `  ${uri}?code=mine&state=s1  `,
    ];
    const handler = new LoopbackAuthorization({
      openBrowser: false,
      readPasted: (_signal, refused) => {
        refusals.push(refused);
        const next = pastes.shift();
        return Promise.resolve(typeof next === 'function' ? next() : next);
      },
    });
    uri = await handler.redirectUri();
    const url = await handler.authorize(new URL('https://as.example/authorize?state=s1'), {});
    expect(url.searchParams.get('code')).toBe('mine');
    expect(`${url.origin}${url.pathname}`).toBe(uri);
    expect(refusals).toEqual([
      undefined,
      'that is not a URL',
      `that URL is not the redirect URI ${uri}`,
      "that URL does not carry this authorization's state",
      'that URL carries neither a code nor an error',
    ]);
  });

  it('lets the callback win over a pending paste, and aborts the read', async () => {
    let aborted = false;
    const handler = new LoopbackAuthorization({
      openBrowser: false,
      readPasted: (signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve(undefined);
          });
        }),
    });
    const uri = await handler.redirectUri();
    const returned = handler.authorize(new URL('https://as.example/authorize?state=s'), {});
    expect((await fetch(`${uri}?code=abc&state=s`)).status).toBe(200);
    expect((await returned).searchParams.get('code')).toBe('abc');
    expect(aborted).toBe(true);
  });

  it('keeps waiting for the callback when the pasting input ends', async () => {
    const handler = new LoopbackAuthorization({ openBrowser: false, readPasted: () => Promise.resolve(undefined) });
    const uri = await handler.redirectUri();
    const returned = handler.authorize(new URL('https://as.example/authorize?state=s'), {});
    await new Promise((resolve) => setImmediate(resolve));
    await fetch(`${uri}?code=late&state=s`);
    expect((await returned).searchParams.get('code')).toBe('late');
  });
});
