import { describe, expect, it } from 'vitest';
import { isLoopbackHost, safeLink } from './safeLink.js';

describe('safeLink', () => {
  it('accepts https anywhere and http only to this machine', () => {
    expect(safeLink('https://mcp.example.com/connect?id=1')).toMatchObject({ ok: true });
    expect(safeLink('http://127.0.0.1:3000/ui')).toMatchObject({ ok: true });
    expect(safeLink('http://localhost/x')).toMatchObject({ ok: true });
    expect(safeLink('http://[::1]:8080/')).toMatchObject({ ok: true });
    expect(safeLink('http://mcp.example.com/')).toMatchObject({ ok: false, reason: expect.stringContaining('https') as string });
    expect(safeLink('http://10.0.0.5/')).toMatchObject({ ok: false });
    expect(safeLink('http://127.0.0.1.evil.example/')).toMatchObject({ ok: false });
  });

  it('never turns script, data, file or other schemes into links, however they are spelled', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      '\u0000javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'vbscript:msgbox(1)',
      'blob:https://mcp.example.com/1',
      'ftp://example.com/',
      'about:blank',
    ]) {
      const verdict = safeLink(url);
      expect(verdict.ok, url).toBe(false);
    }
  });

  it('refuses what is not an absolute URL, and URLs whose user part hides the host', () => {
    expect(safeLink('/relative/path')).toMatchObject({ ok: false, reason: 'it is not an absolute URL' });
    expect(safeLink('')).toMatchObject({ ok: false });
    expect(safeLink('https://bank.example@evil.example/')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('user name') as string,
    });
  });

  it('knows the loopback names', () => {
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('127.8.9.10')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('localhost.example')).toBe(false);
  });
});
