// `mcpkit auth-server` and `serve --auth-server` in-process: help and usage
// errors (exit 2) before anything listens.
import { describe, expect, it } from 'vitest';
import { runCli as run } from '../../test/support/runCli.js';
import { ExitCode } from '../main.js';

describe('mcpkit auth-server', () => {
  it('is listed, and its help says it is not for production', async () => {
    expect((await run('--help')).out).toContain('auth-server');
    const help = await run('auth-server', '--help');
    expect(help.code).toBe(ExitCode.Ok);
    expect(help.out).toContain('NOT FOR PRODUCTION');
  });

  it('refuses client details without a client id, bad numbers and stray arguments', async () => {
    for (const argv of [
      ['auth-server', '--client-secret', 's'],
      ['auth-server', '--redirect-uri', 'http://127.0.0.1/cb'],
      ['auth-server', '--port', 'x'],
      ['auth-server', '--token-ttl', '0', '--port', '0'],
      ['auth-server', 'extra'],
      ['auth-server', '--nope'],
      ['auth-server', '--client-jwks-file', 'jwks.json'],
      ['auth-server', '--client-id', 'a', '--client-secret', 's', '--client-secret-file', 'f'],
      ['auth-server', '--client-id', 'a', '--client-secret-file', '/nonexistent/secret'],
      ['auth-server', '--client-id', 'a', '--client-jwks-file', '/nonexistent/jwks.json'],
      ['auth-server', '--workload-issuer', 'https://w.example'],
      ['auth-server', '--workload-issuer', 'not a url', '--workload-jwks-file', 'f'],
    ]) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(ExitCode.Usage);
      expect(r.err).toContain('mcpkit auth-server --help');
    }
  });
});

describe('mcpkit serve --auth-server', () => {
  it('needs --http, an http(s) URL, and --resource only with it', async () => {
    for (const argv of [
      ['serve', 'everything', '--auth-server', 'http://127.0.0.1:9000'],
      ['serve', 'everything', '--http', '0', '--auth-server', 'not a url'],
      ['serve', 'everything', '--http', '0', '--auth-server', 'ftp://x.example'],
      ['serve', 'everything', '--http', '0', '--resource', 'http://127.0.0.1/mcp'],
    ]) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(ExitCode.Usage);
    }
    expect((await run('serve', '--help')).out).toContain('--auth-server <url>');
  });
});
