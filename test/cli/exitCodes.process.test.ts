// Exit codes and error messages of the built CLI: usage mistakes (2), the
// server refusing (3), tool errors (4), connection failures (5), --timeout
// (124) and Ctrl-C (130), each checked on a real process.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, SERVERS } from '../interop/servers.js';
import { CLI_ENTRY } from '../support/harness.js';
import { assertCliBuilt, startHttpServer, type HttpServerProcess } from '../support/process.js';
import { runCli } from './run.js';

const MCPKIT = ['--', ...SERVERS.mcpkit];

let server: HttpServerProcess;
beforeAll(async () => {
  assertCliBuilt();
  server = await startHttpServer();
});
afterAll(async () => {
  await server.stop();
});

describe('exit 0 and --help', () => {
  it('every command has --help, on stdout, exit 0', async () => {
    for (const command of ['list', 'call', 'read', 'prompt', 'complete', 'discover', 'serve']) {
      const run = await runCli([command, '--help']);
      expect(run, command).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout, command).toContain(`mcpkit ${command} `);
      expect(run.stdout, command).toContain('Exit codes');
    }
  });
});

describe('exit 2: usage', () => {
  const cases: [string[], string, string][] = [
    [['list', 'tools'], 'no server given', 'list'],
    [['list', 'widgets', ...MCPKIT], 'cannot list "widgets"', 'list'],
    [['call', 'add', '--arg', 'a=two', '--arg', 'b=1', ...MCPKIT], '--arg a: expected number, not "two"', 'call'],
    [['call', 'add', '--arg', 'a=1', ...MCPKIT], 'missing required argument: b (number)', 'call'],
    [['call', 'add', '--json-args', '{oops', ...MCPKIT], '--json-args is not valid JSON', 'call'],
    [['call', 'echo', '--timeout', 'soon', ...MCPKIT], '--timeout needs a duration', 'call'],
    [['read', ...MCPKIT], 'missing arguments: mcpkit read <uri> <server>', 'read'],
    [['prompt', 'args_prompt', ...MCPKIT], 'missing required argument', 'prompt'],
    [['discover', '--config', '/nonexistent/mcp.json'], 'cannot read --config /nonexistent/mcp.json', 'discover'],
    [['call', 'echo', '--frobnicate', ...MCPKIT], "Unknown option '--frobnicate'", 'call'],
  ];
  it.each(cases)('%j', async (args, message, command) => {
    const run = await runCli(args);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain(`See 'mcpkit ${command} --help'.`);
  });
});

describe('exit 3: the server refused', () => {
  it('an unknown tool, with suggestions', async () => {
    const run = await runCli(['call', 'ad', ...MCPKIT]);
    expect(run).toMatchObject({ code: 3, stdout: '' });
    expect(run.stderr).toContain('the server has no tool "ad" (did you mean add');
  });

  it('an unknown resource, on both wires', async () => {
    for (const target of [MCPKIT, [server.url.href]]) {
      const run = await runCli(['read', 'everything://no/such/thing', ...target]);
      expect(run.code, run.stderr).toBe(3);
      expect(run.stderr).toMatch(/^mcpkit: the server answered with error -32\d+: /);
    }
  });

  it('an unknown prompt', async () => {
    const run = await runCli(['prompt', 'nope', ...MCPKIT]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('the server has no prompt "nope"');
  });

  it('an era the server does not speak', async () => {
    const run = await runCli(['list', 'tools', '--era', 'stateless', '--', ...SERVERS.sdkV1]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('does not speak the stateless era');
  });
});

describe('exit 4: the tool reported an error', () => {
  it('prints the content and says so on stderr', async () => {
    const run = await runCli(['call', 'always_fails', ...MCPKIT]);
    expect(run).toMatchObject({ code: 4, stdout: 'This tool always fails, on purpose.\n' });
    expect(run.stderr).toContain('tool always_fails returned an error (isError)');
    const json = await runCli(['call', 'always_fails', '--json', server.url.href]);
    expect(json.code).toBe(4);
    expect(JSON.parse(json.stdout)).toMatchObject({ isError: true });
  });
});

describe('exit 5: no connection', () => {
  it('an unreachable URL', async () => {
    const port = await freePort();
    const run = await runCli(['list', 'tools', `http://127.0.0.1:${String(port)}/mcp`]);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain(`could not connect to http://127.0.0.1:${String(port)}/mcp`);
    expect(run.stderr).toContain('ECONNREFUSED');
  });

  it('a command that does not exist', async () => {
    const run = await runCli(['list', 'tools', '--', 'mcpkit-no-such-command-xyz']);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('ENOENT');
  });

  it('a server that exits at once, with its last words', async () => {
    const run = await runCli([
      'list',
      'tools',
      '--',
      process.execPath,
      '-e',
      'console.error("no config found"); process.exit(3)',
    ]);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('the server process exited (code 3) before answering');
    expect(run.stderr).toContain('no config found');
  });
});

describe('exit 124 and 130: stopped', () => {
  it('--timeout cancels the call and exits 124 promptly', async () => {
    const run = await runCli([
      'call',
      'long_running_operation',
      '--arg',
      'duration=10',
      '--arg',
      'steps=2',
      '--timeout',
      '300ms',
      ...MCPKIT,
    ]);
    expect(run.code).toBe(124);
    expect(run.stderr).toContain('timed out after 300ms (--timeout)');
    expect(run.ms).toBeLessThan(4000);
  });

  it('--timeout also bounds connecting', async () => {
    const run = await runCli([
      'list',
      'tools',
      '--timeout',
      '300ms',
      '--',
      process.execPath,
      '-e',
      'setInterval(() => {}, 1000)',
    ]);
    expect(run.code).toBe(124);
    expect(run.stderr).toContain('timed out after 300ms (--timeout)');
  });

  it('Ctrl-C (SIGINT) cancels the call and exits 130', async () => {
    const child = spawn(
      process.execPath,
      [CLI_ENTRY, 'call', 'long_running_operation', '--arg', 'duration=10', '--arg', 'steps=20', ...MCPKIT],
      { stdio: 'pipe' },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      const first = !stderr.includes('progress 1/20');
      stderr += chunk;
      if (first && stderr.includes('progress 1/20')) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(130);
    expect(stderr).toContain('mcpkit: interrupted');
  });
});
