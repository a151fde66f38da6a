// The command line in-process: help, version, usage errors and exit codes.
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../src/main.js';
import { parsePort } from '../src/commands/serve.js';
import { runCli as run } from './support/runCli.js';

describe('mcpkit', () => {
  it('--help documents the commands and exit codes', async () => {
    for (const flag of ['--help', '-h', 'help']) {
      const r = await run(flag);
      expect(r.code).toBe(ExitCode.Ok);
      for (const command of [
        'list <what> <server>',
        'call <tool> <server>',
        'read <uri> <server>',
        'prompt <name> <server>',
        'complete <ref>',
        'discover <server>',
        'serve <server>',
      ])
        expect(r.out).toContain(command);
      expect(r.out).toMatch(/Exit codes:\n {2}0 +success\n {2}1 +error/);
      for (const code of ['124', '130']) expect(r.out).toContain(`  ${code}  `);
      expect(r.out).not.toContain('conformance-client');
      expect(r.err).toBe('');
    }
  });

  it('without arguments prints the help on stderr and exits 2', async () => {
    const r = await run();
    expect(r).toMatchObject({ code: ExitCode.Usage, out: '' });
    expect(r.err).toContain('Usage:');
  });

  it('--version prints the package version', async () => {
    expect(await run('--version')).toEqual({ code: 0, out: '0.1.0\n', err: '' });
  });

  it('refuses an unknown command or option with exit 2', async () => {
    expect(await run('frobnicate')).toEqual({
      code: 2,
      out: '',
      err: 'mcpkit: unknown command "frobnicate"\nSee \'mcpkit --help\'.\n',
    });
    expect(await run('--frobnicate')).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown option "--frobnicate"') as unknown,
    });
    expect(await run('help', 'frobnicate')).toMatchObject({ code: 2 });
  });
});

describe('mcpkit serve', () => {
  it('--help documents stdio and --http', async () => {
    for (const argv of [
      ['serve', '--help'],
      ['help', 'serve'],
    ]) {
      const r = await run(...argv);
      expect(r.code).toBe(0);
      expect(r.out).toContain('mcpkit serve everything --http 3000');
      expect(r.out).toContain('http://<host>:<port>/mcp');
      expect(r.out).toMatch(/everything\s+Every MCP feature/);
    }
  });

  it('refuses usage mistakes with exit 2 and a pointer to its help', async () => {
    const cases: [string[], string][] = [
      [['serve'], 'serve needs a server name (one of: everything, '],
      [['serve', 'nope'], 'unknown server "nope" (available: everything, '],
      [['serve', 'everything', 'extra'], 'unexpected argument "extra"'],
      [['serve', 'everything', '--http', 'eighty'], '--http needs a port number from 0 to 65535, not "eighty"'],
      [['serve', 'everything', '--http', '70000'], '--http needs a port number from 0 to 65535, not "70000"'],
      [['serve', 'everything', '--host', '0.0.0.0'], '--host only applies with --http'],
      [['serve', 'everything', '--port', '1'], "Unknown option '--port'"],
      [['serve', 'filesystem'], 'filesystem needs at least one directory'],
      [['serve', 'filesystem', '/nonexistent-mcpkit-dir'], 'none of the directories given exists'],
      [['serve', 'filesystem', '.', '--max-file-size', 'lots'], '--max-file-size needs a size'],
      [['serve', 'memory', 'extra'], 'unexpected argument "extra"'],
      [['serve', 'memory', '--dbx', 'f'], "Unknown option '--dbx'"],
    ];
    for (const [argv, message] of cases) {
      const r = await run(...argv);
      expect(r, argv.join(' ')).toMatchObject({ code: ExitCode.Usage, out: '' });
      expect(r.err, argv.join(' ')).toContain(message);
      expect(r.err, argv.join(' ')).toContain("See 'mcpkit serve --help'.");
    }
  });

  it('parses ports', () => {
    expect(parsePort('0')).toBe(0);
    expect(parsePort('3000')).toBe(3000);
    expect(parsePort('65535')).toBe(65535);
    for (const bad of ['', '-1', '65536', '3000.5', '0x10', ' 80']) expect(() => parsePort(bad), bad).toThrow(/port number/);
  });
});
