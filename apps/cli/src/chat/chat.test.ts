import { describe, expect, it } from 'vitest';
import { UsageError } from '../exitCodes.js';
import { parseChatArgs } from './chatOptions.js';
import { contextView } from './contextView.js';
import { eventRenderer } from './chatRender.js';
import { annotationWords } from './annotationWords.js';
import { terminalApprover } from './terminalHandlers.js';
import { describeTool, listTools } from './toolList.js';

describe('mcpkit chat options', () => {
  it('turn --allow, --deny, --approve and --trust-read-only into a policy', () => {
    const settings = parseChatArgs(
      [
        '-m',
        'openai/gpt-x',
        '--allow',
        'files',
        '--allow',
        'memory/read_graph',
        '--deny',
        'files/delete',
        '--approve',
        'read-only',
        '--trust-read-only',
        '-s',
        'a',
        '-s',
        'b',
      ],
      {},
    );
    expect(settings?.policy).toEqual({
      servers: { files: 'allow' },
      tools: { 'memory/read_graph': 'allow', 'files/delete': 'deny' },
      approve: 'read-only',
      trustReadOnlyHint: true,
    });
    expect(settings?.servers).toEqual(['a', 'b']);
  });

  it('take the authorization flags of the client commands, with their usage errors', () => {
    const settings = parseChatArgs(['-m', 'openai/gpt-x', '--client-id', 'app', '--dpop', '--assertion-file', 'w.jwt'], {});
    expect(settings?.auth).toMatchObject({ clientId: 'app', dpop: true, assertionFile: 'w.jwt', noBrowser: false });
    expect(() => parseChatArgs(['-m', 'openai/gpt-x', '--assertion-file', 'w.jwt'], {})).toThrow(UsageError);
    expect(() => parseChatArgs(['-m', 'openai/gpt-x', '--client-id', 'a', '--id-token-file', 'id.jwt'], {})).toThrow(
      /go together/,
    );
  });

  it('refuse --allow with --approve none, which refuses every call, and read --trust-project', () => {
    expect(() => parseChatArgs(['-m', 'a/b', '--approve', 'none', '--allow', 'files'], {})).toThrow(
      '--approve none refuses every tool call; it cannot be combined with --allow',
    );
    expect(parseChatArgs(['-m', 'a/b', '--approve', 'none', '--deny', 'files'], {})?.approve).toBe('none');
    expect(parseChatArgs(['-m', 'a/b', '--trust-project'], {})?.trustProject).toBe(true);
    expect(parseChatArgs(['-m', 'a/b'], {})?.trustProject).toBe(false);
  });

  it('take the model from MCPKIT_MODEL, and refuse what makes no sense', () => {
    expect(parseChatArgs([], { MCPKIT_MODEL: 'anthropic/claude-x' })?.model).toBe('anthropic/claude-x');
    expect(() => parseChatArgs([], {})).toThrow(UsageError);
    expect(() => parseChatArgs(['-m', 'a/b', '--max-turns', '0'], {})).toThrow('--max-turns takes a positive whole number');
    expect(() => parseChatArgs(['-m', 'a/b', '--allow', '/x'], {})).toThrow('--allow takes SERVER or SERVER/TOOL');
    expect(() => parseChatArgs(['-m', 'a/b', '--bogus'], {})).toThrow(UsageError);
  });
});

describe('mcpkit chat context options', () => {
  it('read --disable and --enable in order, and --tool-search with its threshold', () => {
    const settings = parseChatArgs(
      [
        '-m',
        'a/b',
        '--disable',
        'files',
        '--enable',
        'files/read',
        '--disable=git/log',
        '--tool-search',
        'host',
        '--tool-search-threshold',
        '0',
      ],
      {},
    );
    expect(settings?.switches).toEqual([
      { target: 'files', enabled: false },
      { target: 'files/read', enabled: true },
      { target: 'git/log', enabled: false },
    ]);
    expect(settings?.toolSearch).toEqual({ mode: 'host', threshold: 0 });
    expect(parseChatArgs(['-m', 'a/b'], {})?.toolSearch).toEqual({});
  });

  it('refuse what makes no sense', () => {
    expect(() => parseChatArgs(['-m', 'a/b', '--disable', '/x'], {})).toThrow('--disable takes SERVER or SERVER/TOOL');
    expect(() => parseChatArgs(['-m', 'a/b', '--enable', 'x/'], {})).toThrow('--enable takes SERVER or SERVER/TOOL');
    expect(() => parseChatArgs(['-m', 'a/b', '--tool-search', 'always'], {})).toThrow('--tool-search takes auto, host or off');
    expect(() => parseChatArgs(['-m', 'a/b', '--tool-search-threshold=-5'], {})).toThrow('--tool-search-threshold takes');
    expect(() => parseChatArgs(['-m', 'a/b', '--tool-search-threshold', '1e3x'], {})).toThrow('--tool-search-threshold takes');
  });
});

describe('the -v rendering of tool offers', () => {
  it('tells what a searching model call carried, only with -v', () => {
    const seen: string[] = [];
    const io = { stdout: () => undefined, stderr: (t: string) => seen.push(t) } as unknown as Parameters<typeof eventRenderer>[0];
    const offer = { mode: 'host-search', loaded: 3, deferred: 477, tokens: 900, allTokens: 76_000 } as const;
    eventRenderer(io, { verbose: false, quiet: false, streamText: false })({ type: 'tools-offered', turn: 1, offer });
    expect(seen).toEqual([]);
    eventRenderer(io, { verbose: true, quiet: false, streamText: false })({ type: 'tools-offered', turn: 1, offer });
    expect(seen).toEqual(['(tools: 3 definitions in context, ~900 of ~76000 tokens; the host searches)\n']);
  });
});

describe('/context', () => {
  const report = {
    servers: [
      { server: 'files', tools: 10, enabled: 9, tokens: 1200, disabledTokens: 140 },
      { server: 'evil\u001b[2J', tools: 2, enabled: 2, tokens: 50_000, disabledTokens: 0 },
    ],
    tokens: 51_200,
    threshold: 10_000,
    mode: 'auto',
    searching: true,
    estimate: 'each definition as JSON, 4 characters a token',
  } as const;

  it('shows each server, what is off, the total and the mode, and escapes what servers named', () => {
    const text = contextView(report, undefined);
    expect(text).toMatch(/ {2}files +9 tools {2}~ +1,200 tokens; 1 off \(~140 tokens\)\n/);
    expect(text).toContain('evil\\u{1b}[2J');
    expect(text).toContain('51,200 tokens; over the threshold of ~10,000: the model searches for tools');
    expect(text).toContain('(nothing asked yet)');
    expect(text).not.toContain('\u001b');
  });

  it('shows what each model call of the last question carried', () => {
    const text = contextView(report, [
      { mode: 'host-search', loaded: 1, deferred: 11, tokens: 130, allTokens: 51_200, loadedTools: [] },
      { mode: 'host-search', loaded: 2, deferred: 10, tokens: 260, allTokens: 51_200, loadedTools: ['files__read'] },
    ]);
    expect(text).toContain(
      "call 1: 1 definition in context, ~130 tokens of ~51,200 (the host's search_tools and the tools found)\n",
    );
    expect(text).toContain('call 2: 2 definitions in context, ~260 tokens of ~51,200');
    expect(text).toContain('found: files__read');
  });
});

describe('the terminal approver', () => {
  it('shows server, tool and arguments, and remembers "always" for the session', async () => {
    const answers = ['a', 'n'];
    const asked: string[] = [];
    let shown = '';
    const approve = terminalApprover(
      (q) => {
        asked.push(q);
        return Promise.resolve(answers.shift());
      },
      (text) => (shown += text),
    );
    const request = {
      kind: 'tool',
      server: 'files',
      tool: 'write_file',
      name: 'files__write_file',
      arguments: { path: '/tmp/x' },
      annotations: { destructiveHint: true },
    } as const;
    expect(await approve(request)).toBe(true);
    expect(shown).toContain(
      'The model wants to call write_file on files; the server says it may delete or overwrite (unchecked). Arguments:',
    );
    expect(shown).toContain('"path": "/tmp/x"');
    expect(await approve(request)).toBe(true);
    expect(asked).toHaveLength(1);
    expect(await approve({ ...request, tool: 'delete_file' })).toBe(false);
    expect(await approve({ kind: 'sampling', server: 'files', summary: 'hi', model: 'm' })).toBe(false);
  });
});

describe('the chat renderer', () => {
  it('puts tool calls, progress and outcomes on stderr and text on stdout', () => {
    let out = '';
    let err = '';
    const render = eventRenderer(
      { stdout: (t) => (out += t), stderr: (t) => (err += t) },
      { verbose: false, quiet: false, streamText: true },
    );
    render({ type: 'text', delta: 'Checking' });
    render({ type: 'tool-call-started', id: '1', name: 'f__g', server: 'f', tool: 'g', arguments: { a: 1 } });
    render({ type: 'tool-call-progress', id: '1', progress: 2, total: 4, message: 'half' });
    render({
      type: 'tool-call-finished',
      record: { id: '1', name: 'f__g', server: 'f', tool: 'g', arguments: { a: 1 }, outcome: 'denied', durationMs: 0 },
    });
    render({ type: 'server-stderr', server: 'f', text: 'noise\n' });
    render({ type: 'server-state', server: 'f', state: 'restarting', error: 'stopped: exit 1', retryInMs: 500 });
    expect(out).toBe('Checking\n');
    expect(err).toBe(
      '→ f/g {"a":1}\n  … 2/4 half\n  ✗ f/g denied by the policy (the model was told)\nmcpkit: server f is down: stopped: exit 1; restarting in 500 ms\n',
    );
  });
});

describe('a rule that stops matching', () => {
  it('is a warning on stderr even with --quiet, on a line of its own', () => {
    let out = '';
    let err = '';
    const render = eventRenderer(
      { stdout: (t) => (out += t), stderr: (t) => (err += t) },
      { verbose: false, quiet: true, streamText: true },
    );
    render({ type: 'text', delta: 'Half a line' });
    render({
      type: 'policy-rule-unmatched',
      server: 'time',
      rule: 'time/get_current_time',
      decision: 'deny',
      message: 'matches no tool of time; the closest is "time/get_time"',
    });
    expect(out).toBe('Half a line\n');
    expect(err).toBe(
      'mcpkit: warning: time\'s tools changed: the rule deny time/get_current_time matches no tool of time; the closest is "time/get_time"\n',
    );
  });
});

describe('/tools', () => {
  const long = `Reads a file. ${'Very long explanation. '.repeat(20)}`;
  const tools = [
    {
      name: 'files__read_file',
      server: 'files',
      tool: {
        name: 'read_file',
        description: `${long}\nSecond line.`,
        inputSchema: {
          type: 'object' as const,
          properties: { path: { type: 'string', description: 'Where' } },
          required: ['path'],
        },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
    },
    {
      name: 'evil__x',
      server: 'evil',
      tool: { name: 'x', description: 'hi \u001b[2Jthere', inputSchema: { type: 'object' as const } },
    },
  ];

  it('lists one line per tool, cut to the width, with control characters escaped', () => {
    const text = listTools(tools, 80);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^files__read_file {2}\(files\/read_file\) {2}Reads a file\. Very long .*…$/);
    expect(lines[0]?.length).toBeLessThanOrEqual(80);
    expect(lines[1]).toBe('evil__x  (evil/x)  hi \\u{1b}[2Jthere');
    expect(text).not.toContain('\u001b');
    expect(lines[2]).toBe('(/tools NAME shows one tool in full)');
  });

  it('shows one tool in full by model name or server/tool, hints in words', () => {
    const text = describeTool(tools, 'files/read_file');
    expect(text).toContain('Second line.');
    expect(text).toContain(long.trim());
    expect(text).toContain('the server says it only reads, stays within its own data (unchecked)');
    expect(text).toContain('  path (string), required: Where');
    expect(describeTool(tools, 'files__read_file')).toBe(text);
    expect(describeTool(tools, 'nope')).toBe('no tool "nope"; /tools lists them\n');
  });

  it('says each hint in words', () => {
    expect(annotationWords(undefined)).toEqual([]);
    expect(annotationWords({ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true })).toEqual([
      'may change things',
      'only adds, never deletes',
      'safe to repeat',
      'reaches outside systems',
    ]);
  });
});
