/**
 * `mcpkit chat` as a process: `--once` with the answer on stdout and the tool
 * calls on stderr, `--json` transcripts, the approval modes, config discovery
 * and config errors, the exit codes (2 usage/config, 3 model API, 124
 * timeout), the OpenAI provider, and the chat driven through piped stdin
 * with slash commands. The model is a fake API directed by the prompt.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../packages/mcpkit/test/host/fakes/fakeAnthropic.js';
import { sequence, type FakeApi } from '../../packages/mcpkit/test/host/fakes/fakeApi.js';
import { directed } from '../../packages/mcpkit/test/host/fakes/directedModel.js';
import { startFakeOpenAi } from '../../packages/mcpkit/test/host/fakes/fakeOpenAi.js';
import { CLI_ENTRY } from '../support/harness.js';
import { runCli } from './run.js';

let anthropic: FakeApi;
let dir: string;
const MODEL = ['--model', 'anthropic/claude-test'];

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: anthropic.url,
    XDG_STATE_HOME: join(dir, 'state'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    ...extra,
  };
}

function chat(
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string } = {},
): ReturnType<typeof runCli> {
  // The configs here lie in the working folder: a project's, trusted for the run (chatTrust.process.test.ts tests trust).
  return runCli(['chat', '--trust-project', ...args], {
    env: env(options.env),
    cwd: options.cwd ?? dir,
    ...(options.input !== undefined && { input: options.input }),
  });
}

beforeAll(async () => {
  anthropic = await startFakeAnthropic(directed);
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-chat-'));
  // Found by discovery: ./.mcp.json in the working directory.
  writeFileSync(
    join(dir, '.mcp.json'),
    JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [CLI_ENTRY, 'serve', 'everything'] } } }),
  );
});
afterAll(async () => {
  await anthropic.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('mcpkit chat --once', () => {
  it('prints the answer on stdout, the tool calls on stderr, and exits 0', async () => {
    const run = await chat([...MODEL, '--approve', 'all', '--once', 'call everything__add {"a":20,"b":22}']);
    expect(run.stderr).toContain('→ everything/add {"a":20,"b":22}');
    expect(run.stderr).toMatch(/✓ everything\/add done \(\d+ ms\)/);
    expect(run.stdout).toMatch(/^Results: .*42/);
    expect(run.code).toBe(0);
  });

  it('with --json prints the whole transcript as one object', async () => {
    const run = await chat([
      ...MODEL,
      '--approve',
      'read-only',
      '--allow',
      'everything/echo',
      '--json',
      '--once',
      'call everything__echo {"message":"hi"}',
    ]);
    expect(run.code).toBe(0);
    const transcript = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(transcript).toMatchObject({
      provider: 'anthropic',
      model: 'claude-test',
      stopReason: 'end_turn',
      turns: 2,
      usage: { inputTokens: 35, outputTokens: 14 },
      toolCalls: [
        {
          name: 'everything__echo',
          server: 'everything',
          tool: 'echo',
          arguments: { message: 'hi' },
          outcome: 'ok',
          result: { content: [{ type: 'text', text: 'hi' }] },
        },
      ],
      servers: [{ name: 'everything', state: 'ready', type: 'stdio' }],
    });
    expect((transcript['toolCalls'] as { durationMs: number }[])[0]?.durationMs).toBeGreaterThanOrEqual(0);
    expect(transcript['messages']).toHaveLength(4);
  });

  it('denies tool calls by default when nobody can be asked, and tells the model', async () => {
    const run = await chat([...MODEL, '--once', 'call everything__echo {"message":"hi"}']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('✗ everything/echo denied by the policy');
    expect(run.stdout).toMatch(/ERROR The user's policy did not allow calling echo/);
  });

  it('talks to an OpenAI-compatible endpoint', async () => {
    const openai = await startFakeOpenAi(directed);
    try {
      const run = await chat(['--model', 'openai/llama-test', '--approve', 'all', '--once', 'call everything__get_image {}'], {
        env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: openai.url },
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Results: A 16x16 PNG/);
      expect(JSON.stringify(openai.requests.at(-1)?.body)).toContain('data:image/png;base64,');
    } finally {
      await openai.close();
    }
  });

  it('exits 3 with a clear message when the model API refuses the key', async () => {
    const run = await chat([...MODEL, '--once', 'hello'], { env: { ANTHROPIC_API_KEY: 'wrong' } });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/authentication failed \(HTTP 401\).*Check ANTHROPIC_API_KEY/);
  });

  it('exits 124 when --timeout elapses', async () => {
    const hanging = await startFakeAnthropic(sequence({ kind: 'hang' }));
    try {
      const run = await chat([...MODEL, '--timeout', '1s', '--once', 'hello'], { env: { ANTHROPIC_BASE_URL: hanging.url } });
      expect(run.code).toBe(124);
      expect(run.stderr).toMatch(/timed out/);
    } finally {
      await hanging.close();
    }
  });
});

describe('mcpkit chat and Ctrl-C', () => {
  it('cancels the tool call in flight (the server is told) and exits 130', async () => {
    const file = join(dir, 'fixture.json');
    const fixture = fileURLToPath(new URL('../host/fixtures/hostFixture.mjs', import.meta.url));
    writeFileSync(file, JSON.stringify({ mcpServers: { fixture: { command: process.execPath, args: [fixture] } } }));
    const child = spawn(
      process.execPath,
      [CLI_ENTRY, 'chat', ...MODEL, '-c', file, '--trust-project', '-v', '--approve', 'all', '--once', 'call fixture__hang {}'],
      {
        cwd: dir,
        env: { ...process.env, ...env() },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    let sent = false;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (!sent && stderr.includes('… 1/10')) sent = child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(130);
    expect(stderr).toMatch(/✗ fixture\/hang cancelled/);
    expect(stderr).toContain('[fixture] hang was cancelled');
    expect(stderr).toContain('mcpkit: interrupted');
  }, 30_000);
});

describe('mcpkit chat usage and config errors', () => {
  it('exits 2 without a model, with a bad model, and with a bad option', async () => {
    expect((await chat(['--once', 'x'])).stderr).toMatch(/no model: give --model/);
    expect((await chat(['--once', 'x'])).code).toBe(2);
    expect((await chat(['--model', 'gemini/x', '--once', 'x'])).code).toBe(2);
    expect((await chat([...MODEL, '--approve', 'some', '--once', 'x'])).code).toBe(2);
  });

  it('exits 2 naming the file, the server and the field of a bad config', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { broken: { command: 'x', args: 'y' } } }));
    const run = await chat([...MODEL, '--config', file, '--once', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file}: server "broken": "args": must be a list of strings`);
  });

  it('exits 2 when no config is found, saying where it looked', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'mcpkit-chat-empty-'));
    try {
      const run = await chat([...MODEL, '--once', 'x'], { cwd: empty, env: { XDG_CONFIG_HOME: empty } });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /no config found: looked for .*\.mcp\.json, .*\.vscode\/mcp\.json, .*claude_desktop_config\.json/,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('exits 2 when a VS Code input needs an answer and there is no terminal', async () => {
    const file = join(dir, 'inputs.json');
    writeFileSync(
      file,
      JSON.stringify({
        inputs: [{ type: 'promptString', id: 'key', description: 'API key', password: true }],
        servers: { s: { command: 'x', env: { KEY: '${input:key}' } } },
      }),
    );
    const run = await chat([...MODEL, '--config', file, '--once', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/input "key" \("API key"\) needs an answer/);
  });
});

describe('mcpkit chat, interactive', () => {
  it('reads messages and slash commands from stdin and streams the answers', async () => {
    const run = await chat([...MODEL, '--allow', 'everything'], {
      input:
        '/servers\n/tools\n/tools everything/echo\nhello there\n/read everything://items/2\nwhat is it?\ncall everything__add {"a":1,"b":2}\n/prompt simple_prompt\n/nope\n/exit\n',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/everything {2}ready {2}stdio {2}\d+ tools/);
    expect(run.stdout).toMatch(/^everything__echo {2}\(everything\/echo\) {2}\S.*$/m);
    expect(run.stdout).toContain('(/tools NAME shows one tool in full)');
    expect(run.stdout).toContain(
      'everything__echo  (everything/echo)\ntitle: Echo\nthe server says it only reads, stays within its own data (unchecked)\n',
    );
    expect(run.stdout).toContain('arguments:\n  message (string), required: The text to send back\n');
    expect(run.stdout).toContain('You said: hello there');
    expect(run.stdout).toContain('(attached everything://items/2');
    expect(run.stdout).toMatch(/You said: \[resource everything:\/\/items\/2\]/);
    expect(run.stdout).toMatch(/Results: .*3/);
    expect(run.stdout).toContain('unknown command /nope');
  });
});
