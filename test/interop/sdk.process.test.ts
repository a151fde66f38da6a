// Servers built with the official SDKs (fixtures/sdk-v1-server.mjs: v1,
// handshake era only; fixtures/sdk-v2-server.mjs: v2, both eras), on stdio and
// on Streamable HTTP, driven by the mcpkit client in every era they speak and
// by the CLI. The auto negotiation must land on the newest era each serves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalError } from 'mcpkit';
import type { EraPreference, McpClient } from 'mcpkit/client';
import { cliJson, runCli } from '../cli/run.js';
import { connected, http, stdio, textOf } from './client.js';
import { SERVERS, startFixtureHttp, type HttpProcess } from './servers.js';

type Sdk = 'sdkV1' | 'sdkV2';
type Wire = 'stdio' | 'http';

interface Case {
  readonly sdk: Sdk;
  readonly wire: Wire;
  readonly era: EraPreference;
  /** What the connection must settle on. */
  readonly expect: { readonly era: 'handshake' | 'stateless'; readonly revision: string };
}

const CASES: readonly Case[] = [
  { sdk: 'sdkV1', wire: 'stdio', era: 'auto', expect: { era: 'handshake', revision: '2025-11-25' } },
  { sdk: 'sdkV1', wire: 'stdio', era: '2025-06-18', expect: { era: 'handshake', revision: '2025-06-18' } },
  { sdk: 'sdkV1', wire: 'http', era: 'auto', expect: { era: 'handshake', revision: '2025-11-25' } },
  { sdk: 'sdkV2', wire: 'stdio', era: 'auto', expect: { era: 'stateless', revision: '2026-07-28' } },
  { sdk: 'sdkV2', wire: 'stdio', era: 'handshake', expect: { era: 'handshake', revision: '2025-11-25' } },
  { sdk: 'sdkV2', wire: 'http', era: 'auto', expect: { era: 'stateless', revision: '2026-07-28' } },
  { sdk: 'sdkV2', wire: 'http', era: 'handshake', expect: { era: 'handshake', revision: '2025-11-25' } },
];

const http_: Partial<Record<Sdk, HttpProcess>> = {};
beforeAll(async () => {
  [http_.sdkV1, http_.sdkV2] = await Promise.all([startFixtureHttp('sdkV1'), startFixtureHttp('sdkV2')]);
});
afterAll(async () => {
  await Promise.all([http_.sdkV1?.stop(), http_.sdkV2?.stop()]);
});

const url = (sdk: Sdk): string => http_[sdk]?.url ?? '';
const transportFor = (sdk: Sdk, wire: Wire) => (wire === 'stdio' ? stdio(SERVERS[sdk]) : http(url(sdk)));

describe.each(CASES)('$sdk over $wire, era $era', (c) => {
  let client: McpClient;
  beforeAll(async () => {
    client = await connected(transportFor(c.sdk, c.wire), c.era);
  });
  afterAll(async () => {
    await client.close();
  });

  it(`settles on ${c.expect.era} ${c.expect.revision}`, () => {
    expect({ era: client.era, revision: client.revision }).toEqual(c.expect);
    expect(client.serverInfo?.name).toBe(c.sdk === 'sdkV1' ? 'sdk-v1-fixture' : 'sdk-v2-fixture');
    expect(client.instructions).toBe('A fixture for the mcpkit interop tests.');
  });

  it('lists and calls tools: text, structured content checked against the output schema, arguments as sent, tool errors', async () => {
    expect((await client.listAllTools()).map((t) => t.name)).toEqual(['add', 'echo_args', 'fail', 'slow']);
    const sum = await client.callTool({ name: 'add', arguments: { a: 1.5, b: 2 } });
    expect(sum).toMatchObject({ content: [{ type: 'text', text: '3.5' }], structuredContent: { sum: 3.5 } });
    expect(sum.outputIssues).toBeUndefined();
    const echoed = await client.callTool({
      name: 'echo_args',
      arguments: { count: 2, tags: ['x'], options: { deep: { ok: true } } },
    });
    expect(JSON.parse(textOf(echoed))).toEqual({ count: 2, tags: ['x'], options: { deep: { ok: true } } });
    const failed = await client.callTool({ name: 'fail' });
    expect(failed).toMatchObject({ isError: true, content: [{ type: 'text', text: 'This tool fails on purpose.' }] });
  });

  it('reads a resource and a templated one', async () => {
    expect((await client.listAllResources()).map((r) => r.uri)).toEqual(['fixture://readme']);
    expect((await client.readResource({ uri: 'fixture://readme' })).contents).toEqual([
      { uri: 'fixture://readme', mimeType: 'text/plain', text: 'This is the fixture readme.' },
    ]);
    expect((await client.listAllResourceTemplates()).map((t) => t.uriTemplate)).toEqual(['fixture://items/{id}']);
    expect((await client.readResource({ uri: 'fixture://items/7' })).contents[0]).toMatchObject({ text: 'item 7' });
  });

  it('gets a prompt and completes its argument', async () => {
    const prompt = await client.getPrompt({ name: 'summarize', arguments: { topic: 'mcp' } });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Summarize mcp.' } }]);
    const { completion } = await client.complete({
      ref: { type: 'ref/prompt', name: 'summarize' },
      argument: { name: 'topic', value: 'mc' },
    });
    expect(completion.values).toEqual(['mcp', 'mcpkit']);
  });
});

describe('eras a server does not speak', () => {
  it('a stateless-only client refuses the v1 server (stdio: NOT_SUPPORTED, before any call)', async () => {
    await expect(connected(stdio(SERVERS.sdkV1), 'stateless')).rejects.toSatisfy(
      (e) => e instanceof LocalError && e.code === 'NOT_SUPPORTED' && /does not speak the stateless era/.test(e.message),
    );
  });

  it('the v1 server reports progress to a handshake-era client', async () => {
    const client = await connected(stdio(SERVERS.sdkV1));
    try {
      const progress: number[] = [];
      const result = await client.callTool(
        { name: 'slow', arguments: { ms: 200 } },
        { onProgress: (p) => progress.push(p.progress) },
      );
      expect(textOf(result)).toBe('slept 200 ms');
      expect(progress).toEqual([1, 2, 3, 4]);
    } finally {
      await client.close();
    }
  });
});

describe('SDK fixtures from the CLI', () => {
  const targets = (sdk: Sdk): [string, string[]][] => [
    ['stdio', ['--', ...SERVERS[sdk]]],
    ['url', [url(sdk)]],
  ];

  it.each(['sdkV1', 'sdkV2'] as const)(
    '%s: call, read, prompt, complete and discover print the spec results with --json',
    async (sdk) => {
      for (const [label, target] of targets(sdk)) {
        const sum = await cliJson(['call', 'add', '--arg', 'a=40', '--arg', 'b=2', ...target]);
        expect(sum, label).toMatchObject({ content: [{ type: 'text', text: '42' }], structuredContent: { sum: 42 } });
        expect(sum, label).not.toHaveProperty('outputIssues');
        const read = await cliJson(['read', 'fixture://items/9', ...target]);
        expect(read, label).toEqual(
          expect.objectContaining({ contents: [{ uri: 'fixture://items/9', mimeType: 'text/plain', text: 'item 9' }] }),
        );
        const prompt = await cliJson(['prompt', 'summarize', '--arg', 'topic=json', ...target]);
        expect(prompt, label).toMatchObject({ messages: [{ role: 'user', content: { type: 'text', text: 'Summarize json.' } }] });
        const completion = await cliJson(['complete', 'prompt', 'summarize', 'topic', 'm', ...target]);
        expect(completion, label).toMatchObject({ completion: { values: ['mcp', 'mcpkit', 'models'] } });
        const discovered = await cliJson(['discover', ...target]);
        if (sdk === 'sdkV1')
          expect(discovered, label).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'sdk-v1-fixture' } });
        else
          expect(discovered, label).toMatchObject({
            supportedVersions: expect.arrayContaining(['2026-07-28']) as unknown,
            capabilities: { tools: {} },
          });
      }
    },
  );

  it('types --arg values by the tool schema, over both eras of the v2 server', async () => {
    for (const era of ['handshake', 'stateless']) {
      const run = await runCli([
        'call',
        'echo_args',
        '--era',
        era,
        '--arg',
        'text=007',
        '--arg',
        'count=7',
        '--arg',
        'ratio=0.25',
        '--arg',
        'flag=true',
        '--arg',
        'tags=a',
        '--arg',
        'tags=b',
        '--arg',
        'options={"k":[1]}',
        url('sdkV2'),
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout), era).toEqual({
        text: '007',
        count: 7,
        ratio: 0.25,
        flag: true,
        tags: ['a', 'b'],
        options: { k: [1] },
      });
    }
  });

  it('says which era it reached', async () => {
    const handshake = await runCli(['discover', '--era', 'handshake', url('sdkV2')]);
    expect(handshake.stdout).toMatch(/^era +handshake \(protocol revision 2025-11-25\)$/m);
    const stateless = await runCli(['discover', '--', ...SERVERS.sdkV2]);
    expect(stateless.stdout).toMatch(/^era +stateless \(protocol revision 2026-07-28\)$/m);
    expect(stateless.stdout).toMatch(/^offers +4 tools, 1 resources, 1 templates, 1 prompts$/m);
  });
});
