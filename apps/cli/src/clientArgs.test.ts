import { describe, expect, it } from 'vitest';
import { eraWarning, parseClientArgs, parseDuration, parseEra } from './clientArgs.js';

const parse = (...args: string[]) => parseClientArgs(args, 'list', {}, 1, {});

describe('parseClientArgs', () => {
  it('takes the command after -- as a stdio target, with --env, --cwd, --inherit-env', () => {
    const { positionals, settings } = parse(
      'tools',
      '--env',
      'A=1',
      '--cwd',
      '/tmp',
      '--inherit-env',
      '--',
      'npx',
      '-y',
      'server',
      '--flag',
    );
    expect(positionals).toEqual(['tools']);
    expect(settings?.server).toEqual({
      type: 'stdio',
      name: 'npx',
      command: 'npx',
      args: ['-y', 'server', '--flag'],
      env: { A: '1' },
      cwd: '/tmp',
      inheritEnv: true,
    });
    expect(settings?.label).toBe('"npx -y server --flag"');
  });

  it('takes a trailing http(s) positional or --url as an HTTP target, with --header and --sse', () => {
    const { settings } = parse('tools', 'http://localhost:3/mcp', '-H', 'Authorization: Bearer x', '--header', 'X-A=1');
    expect(settings?.server).toEqual({
      type: 'http',
      name: 'localhost:3',
      url: 'http://localhost:3/mcp',
      headers: { Authorization: 'Bearer x', 'X-A': '1' },
    });
    expect(settings?.label).toBe('http://localhost:3/mcp');
    expect(parse('tools', '--url', 'https://h/sse', '--sse').settings?.server).toMatchObject({
      url: 'https://h/sse',
      type: 'sse',
    });
  });

  it('does not take the command positional itself as the URL', () => {
    const read = parseClientArgs(['https://example.com/doc', '--', 'server'], 'read', {}, 1, {});
    expect(read.positionals).toEqual(['https://example.com/doc']);
    expect(read.settings?.server.type).toBe('stdio');
  });

  it('reads the shared settings', () => {
    const { settings } = parse(
      'tools',
      '--era',
      'handshake',
      '--timeout',
      '2m',
      '--root',
      '.',
      '--log-level',
      'debug',
      '--json',
      '-q',
      '--',
      'x',
    );
    expect(settings).toMatchObject({
      era: 'handshake',
      warnings: [],
      timeoutMs: 120_000,
      roots: ['.'],
      logLevel: 'debug',
      json: true,
      quiet: true,
    });
  });

  it('stops at --help', () => {
    expect(parse('--help').help).toBe(true);
  });

  it('refuses a missing, doubled or mismatched target', () => {
    const cases: [string[], string][] = [
      [['tools'], 'no server given'],
      [['tools', 'http://a/mcp', '--', 'x'], 'give one server'],
      [['tools', 'http://a/mcp', '--url', 'http://b/mcp'], 'give the URL once'],
      [['tools', '--url', 'ftp://a'], '--url needs an http:// or https:// URL'],
      [['tools', '--'], '-- must be followed by the command'],
      [['tools', '--server', 'a', '--', 'x'], '--server needs --config FILE'],
      [['tools', '--header', 'A: b', '--', 'x'], '--header applies to a URL'],
      [['tools', '--env', 'A=b', 'http://a/mcp'], '--env applies to a server started as a command'],
      [['tools', '--header', 'no colon', 'http://a/mcp'], "--header needs 'Name: value'"],
      [['tools', '--era', 'ancient', '--', 'x'], '--era takes auto, handshake, stateless'],
      [['tools', '--log-level', 'loud', '--', 'x'], '--log-level takes one of'],
      [['tools', '--bogus', '--', 'x'], "Unknown option '--bogus'"],
      [['tools', '--url', 'https://me:pw@a/mcp'], 'send it as a header'],
      [['tools', '--url', 'javascript:alert(1)'], '--url needs an http:// or https:// URL'],
      [['tools', '--', ''], 'the command is empty'],
    ];
    for (const [args, message] of cases) expect(() => parse(...args), args.join(' ')).toThrow(message);
  });
});

describe('values', () => {
  it('parses durations', () => {
    expect(parseDuration('30', 'x')).toBe(30_000);
    expect(parseDuration('500ms', 'x')).toBe(500);
    expect(parseDuration('1.5s', 'x')).toBe(1500);
    expect(parseDuration('1h', 'x')).toBe(3_600_000);
    for (const bad of ['', '0', '-1', 'soon', '5 minutes'])
      expect(() => parseDuration(bad, 'x'), bad).toThrow('--timeout needs a duration');
  });

  it("reads the old era words as today's, with a warning", () => {
    const { settings } = parse('tools', '--era', 'modern', '--', 'x');
    expect(settings).toMatchObject({ era: 'stateless', warnings: ['--era modern is deprecated; it means --era stateless'] });
    expect(parseEra('legacy', 'x')).toBe('handshake');
    expect(eraWarning('legacy')).toBe('--era legacy is deprecated; it means --era handshake');
    expect(eraWarning('handshake')).toBeUndefined();
    expect(eraWarning('toString')).toBeUndefined();
  });

  it('parses eras', () => {
    expect(parseEra(undefined, 'x')).toBe('auto');
    expect(parseEra('stateless', 'x')).toBe('stateless');
    expect(parseEra('handshake', 'x')).toBe('handshake');
    expect(parseEra('2025-06-18', 'x')).toBe('2025-06-18');
  });
});
