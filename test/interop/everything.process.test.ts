// The reference "everything" server from npm (@modelcontextprotocol/server-everything,
// built on the official v1 SDK), driven by the mcpkit client over stdio,
// Streamable HTTP, and the old HTTP+SSE transport (reached through the
// Streamable HTTP transport's fallback), and by the CLI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpClient } from 'mcpkit/client';
import { httpTransport } from 'mcpkit/http';
import { cliJson, runCli } from '../cli/run.js';
import { assertCliBuilt } from '../support/process.js';
import { connected, http, stdio, textOf } from './client.js';
import { SERVERS, startEverythingHttp, type HttpProcess } from './servers.js';

const ARCHITECTURE = 'demo://resource/static/document/architecture.md';

function everythingSuite(connect: () => Promise<{ client: McpClient; stop?: () => Promise<void> }>): void {
  let client: McpClient;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ client, stop } = await connect());
  });
  afterAll(async () => {
    await client.close();
    await stop?.();
  });

  it('negotiates the handshake era (the auto probe falls back to initialize)', () => {
    expect(client.era).toBe('handshake');
    expect(client.revision).toBe('2025-11-25');
    expect(client.serverInfo).toMatchObject({ name: 'mcp-servers/everything', title: 'Everything Reference Server' });
    expect(client.instructions).toContain('Everything Server');
  });

  it('lists tools (including those enabled by the client capabilities) and calls get-sum', async () => {
    const names = (await client.listAllTools()).map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'echo',
        'get-sum',
        'get-tiny-image',
        'trigger-sampling-request',
        'trigger-elicitation-request',
        'get-roots-list',
      ]),
    );
    expect(textOf(await client.callTool({ name: 'get-sum', arguments: { a: 2, b: 3.5 } }))).toBe('The sum of 2 and 3.5 is 5.5.');
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'héllo' } }))).toBe('Echo: héllo');
  });

  it('returns an image', async () => {
    const result = await client.callTool({ name: 'get-tiny-image' });
    expect(result.content.find((b) => b.type === 'image')).toMatchObject({
      type: 'image',
      mimeType: 'image/png',
      data: expect.stringMatching(/^iVBOR/) as unknown,
    });
  });

  it('reads static and templated resources', async () => {
    const resources = await client.listAllResources();
    expect(resources.map((r) => r.uri)).toContain(ARCHITECTURE);
    const doc = await client.readResource({ uri: ARCHITECTURE });
    expect(doc.contents[0]).toMatchObject({
      uri: ARCHITECTURE,
      mimeType: 'text/markdown',
      text: expect.stringContaining('# Everything Server – Architecture') as unknown,
    });
    const templated = await client.readResource({ uri: 'demo://resource/dynamic/text/3' });
    expect(templated.contents[0]).toMatchObject({
      text: expect.stringMatching(/^Resource 3: This is a plaintext resource/) as unknown,
    });
    const templates = await client.listAllResourceTemplates();
    expect(templates.map((t) => t.uriTemplate)).toContain('demo://resource/dynamic/text/{resourceId}');
  });

  it('gets prompts and completes their arguments', async () => {
    const prompt = await client.getPrompt({ name: 'args-prompt', arguments: { city: 'Paris', state: 'TX' } });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: "What's weather in Paris, TX?" } }]);
    const { completion } = await client.complete({
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'department', value: 'E' },
    });
    expect(completion.values).toEqual(['Engineering']);
    const team = await client.complete({
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'name', value: '' },
      context: { arguments: { department: 'Engineering' } },
    });
    expect(team.completion.values).toEqual(['Alice', 'Bob', 'Charlie']);
  });

  it('answers the server: sampling, elicitation (defaults filled in) and roots', async () => {
    expect(textOf(await client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'hi' } }))).toContain(
      'sampled 1 message(s)',
    );
    const elicited = textOf(await client.callTool({ name: 'trigger-elicitation-request' }));
    expect(elicited).toContain('- Name: Ada Lovelace');
    expect(elicited).toContain('"firstLine": "It was a dark and stormy night."');
    expect(textOf(await client.callTool({ name: 'get-roots-list' }))).toContain('URI: file:///interop/root');
  });

  it('reports progress of a long operation', async () => {
    const progress: number[] = [];
    const result = await client.callTool(
      { name: 'trigger-long-running-operation', arguments: { duration: 0.4, steps: 2 } },
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(textOf(result)).toBe('Long running operation completed. Duration: 0.4 seconds, Steps: 2.');
    expect(progress).toEqual([1, 2]);
  });
}

describe('server-everything (npm) over stdio', () => {
  everythingSuite(async () => ({ client: await connected(stdio(SERVERS.everything)) }));
});

describe('server-everything (npm) over Streamable HTTP', () => {
  everythingSuite(async () => {
    const server = await startEverythingHttp('streamableHttp');
    return { client: await connected(http(server.url)), stop: () => server.stop() };
  });
});

describe('server-everything (npm) over HTTP+SSE, through the Streamable HTTP fallback', () => {
  let server: HttpProcess;
  beforeAll(async () => {
    server = await startEverythingHttp('sse');
  });
  afterAll(async () => {
    await server.stop();
  });

  it('falls back to HTTP+SSE by itself and works there', async () => {
    const transport = httpTransport(server.url);
    const client = await connected(transport);
    try {
      expect(transport.protocol).toBe('http+sse');
      expect(client.revision).toBe('2025-11-25');
      expect(textOf(await client.callTool({ name: 'get-sum', arguments: { a: 1, b: 1 } }))).toBe('The sum of 1 and 1 is 2.');
    } finally {
      await client.close();
    }
  });

  it('is reachable from the CLI by URL, and with --sse', async () => {
    const tools = await cliJson<{ tools: { name: string }[] }>(['list', 'tools', server.url]);
    expect(tools.tools.map((t) => t.name)).toContain('get-sum');
    const run = await runCli(['call', 'get-sum', '--arg', 'a=20', '--arg', 'b=22', '--sse', '--url', server.url]);
    expect(run).toMatchObject({ code: 0, stdout: 'The sum of 20 and 22 is 42.\n' });
  });
});

describe('server-everything (npm) from the CLI', () => {
  beforeAll(() => {
    assertCliBuilt();
  });
  const target = ['--', ...SERVERS.everything];

  it('lists tools as signatures', async () => {
    const run = await runCli(['list', 'tools', '-q', ...target]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('get-sum(a: number, b: number)\n');
    expect(run.stdout).toContain('get-annotated-message(messageType: "error"|"success"|"debug", includeImage?: boolean)\n');
  });

  it('summarizes the image and declines sampling and elicitation without a terminal', async () => {
    const image = await runCli(['call', 'get-tiny-image', '-q', ...target]);
    expect(image.stdout).toMatch(/^\[image: image\/png, [\d.]+ KiB\]$/m);
    const sampling = await runCli(['call', 'trigger-sampling-request', '--arg', 'prompt=hi', ...target]);
    expect(sampling.stderr).toContain('declined: the command line has no model');
    expect(sampling.code).toBe(4); // the server turns the refusal into a tool error
    const elicitation = await runCli(['call', 'trigger-elicitation-request', ...target]);
    expect(elicitation).toMatchObject({ code: 0 });
    expect(elicitation.stdout).toContain('User declined');
    expect(elicitation.stderr).toContain('declined: stdin is not a terminal');
  });

  it('shows progress on stderr and the result on stdout', async () => {
    const run = await runCli(['call', 'trigger-long-running-operation', '--arg', 'duration=0.4', '--arg', 'steps=2', ...target]);
    expect(run).toMatchObject({ code: 0, stdout: 'Long running operation completed. Duration: 0.4 seconds, Steps: 2.\n' });
    expect(run.stderr).toContain('progress 1/2\nprogress 2/2\n');
  });

  it('reads, prompts and completes', async () => {
    const read = await runCli(['read', ARCHITECTURE, '-q', ...target]);
    expect(read.stdout).toMatch(/^# Everything Server – Architecture/);
    const prompt = await runCli(['prompt', 'args-prompt', '--arg', 'city=Paris', '-q', ...target]);
    expect(prompt.stdout).toBe("[user]\nWhat's weather in Paris?\n");
    const complete = await runCli([
      'complete',
      'prompt',
      'completable-prompt',
      'name',
      '',
      '--context',
      'department=Sales',
      '-q',
      ...target,
    ]);
    expect(complete.stdout).toBe('David\nEve\nFrank\n');
  });
});
