/**
 * The host's loop against real servers: mcpkit's everything server and the
 * npm reference servers (everything, memory, filesystem), a server that
 * crashes mid-call, one that hangs, sampling answered by the host's model, an
 * elicitation declined without a terminal, a denied call, and a cancelled one.
 * The model is the fake Anthropic API, directed by the prompt.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeHost, type HostEvent, type ServerConfig } from 'mcpkit/host';
import { startFakeAnthropic } from '../../packages/mcpkit/test/host/fakes/fakeAnthropic.js';
import type { FakeApi } from '../../packages/mcpkit/test/host/fakes/fakeApi.js';
import { directed } from '../../packages/mcpkit/test/host/fakes/directedModel.js';
import { SERVERS, startEverythingHttp, startHttp } from '../interop/servers.js';
import { CLI_ENTRY } from '../support/harness.js';
import { assertCliBuilt } from '../support/process.js';

const FIXTURE = fileURLToPath(new URL('fixtures/hostFixture.mjs', import.meta.url));
const stdio = (name: string, [command = '', ...args]: readonly string[], extra: Partial<ServerConfig> = {}): ServerConfig =>
  ({ name, type: 'stdio', command, args, env: {}, ...extra }) as ServerConfig;

let model: FakeApi;
let scratch: string;
const env = (): Record<string, string> => ({ ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url });

beforeAll(async () => {
  assertCliBuilt();
  model = await startFakeAnthropic(directed);
  scratch = mkdtempSync(join(tmpdir(), 'mcpkit-host-'));
  writeFileSync(join(scratch, 'hello.txt'), 'hello from the filesystem server');
});
afterAll(async () => {
  await model.close();
  rmSync(scratch, { recursive: true, force: true });
});

function newHost(
  servers: ServerConfig[],
  options: Partial<ConstructorParameters<typeof NodeHost>[0]> = {},
): { host: NodeHost; events: HostEvent[] } {
  const events: HostEvent[] = [];
  const host = new NodeHost({
    servers,
    model: 'anthropic/claude-test',
    env: env(),
    logDir: join(scratch, 'logs'),
    onEvent: (e) => events.push(e),
    ...options,
  });
  return { host, events };
}

describe('a host with the reference servers', () => {
  let host: NodeHost;
  beforeAll(async () => {
    ({ host } = newHost(
      [
        stdio('mcpkit', SERVERS.mcpkit),
        stdio('everything', SERVERS.everything),
        stdio('memory', SERVERS.memory, {
          env: { MEMORY_FILE_PATH: join(tmpdir(), `mcpkit-host-memory-${String(process.pid)}.json`) },
        }),
        stdio('files', SERVERS.filesystem(scratch)),
      ],
      { policy: { default: 'allow', sampling: 'allow' }, rootDirs: [scratch] },
    ));
    await host.start();
  }, 60_000);
  afterAll(async () => {
    await host.close();
  });

  it('starts every server and gathers their tools under model-safe names', () => {
    expect(host.servers().map((s) => [s.name, s.state])).toEqual([
      ['mcpkit', 'ready'],
      ['everything', 'ready'],
      ['memory', 'ready'],
      ['files', 'ready'],
    ]);
    const names = host.tools().map((t) => t.name);
    expect(names).toContain('mcpkit__echo');
    expect(names).toContain('everything__get-sum');
    expect(names).toContain('memory__create_entities');
    expect(names).toContain('files__read_text_file');
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it('runs the tool calls of one turn concurrently across servers and hands the results back', async () => {
    const transcript = await host.ask(
      [
        'call mcpkit__add {"a":2,"b":3}',
        'call everything__echo {"message":"hi there"}',
        `call files__read_text_file {"path":${JSON.stringify(join(scratch, 'hello.txt'))}}`,
        'call memory__create_entities {"entities":[{"name":"Ada","entityType":"person","observations":["wrote the first program"]}]}',
      ].join('\n'),
    );
    expect(transcript.stopReason).toBe('end_turn');
    expect(transcript.turns).toBe(2);
    expect(transcript.toolCalls.map((c) => [c.server, c.tool, c.outcome])).toEqual([
      ['mcpkit', 'add', 'ok'],
      ['everything', 'echo', 'ok'],
      ['files', 'read_text_file', 'ok'],
      ['memory', 'create_entities', 'ok'],
    ]);
    expect(transcript.answer).toContain('5');
    expect(transcript.answer).toContain('hi there');
    expect(transcript.answer).toContain('hello from the filesystem server');
    expect(transcript.answer).toContain('Ada');
    expect(transcript.usage).toEqual({ inputTokens: 35, outputTokens: 14 });
    expect(transcript.messages).toHaveLength(4);
  });

  it("answers a server's sampling request with the host's model", async () => {
    const transcript = await host.ask('call mcpkit__sample_llm {"prompt":"name a colour"}');
    expect(transcript.toolCalls[0]).toMatchObject({ outcome: 'ok' });
    expect(transcript.answer).toContain('You said: name a colour');
  });

  it('declines an elicitation when nobody is at a terminal', async () => {
    const transcript = await host.ask('call mcpkit__elicit_form {}');
    expect(transcript.answer.toLowerCase()).toMatch(/declin/);
  });

  it('offers the working directory and --root directories as roots', async () => {
    const transcript = await host.ask('call mcpkit__list_roots {}');
    expect(transcript.answer).toContain(`file://${process.cwd()}`);
    expect(transcript.answer).toContain(scratch);
  });

  it('passes images through to the model', async () => {
    const before = model.requests.length;
    await host.ask('call mcpkit__get_image {}');
    const sent = JSON.stringify(model.requests.slice(before).at(-1)?.body);
    expect(sent).toContain('"type":"image"');
  });

  it('reads a resource and runs a prompt', async () => {
    const conversation = host.conversation();
    await conversation.attach('everything://items/1', { server: 'mcpkit' });
    expect(conversation.attachments[0]).toMatchObject({ type: 'text' });
    const transcript = await conversation.ask('what is attached?');
    expect(transcript.answer).toMatch(/^You said: \[resource everything:\/\/items\/1\]\n.*Item 1.*what is attached\?$/s);
    expect(host.prompts().map((p) => p.name)).toContain('args_prompt');
    const prompted = await conversation.prompt('args_prompt', { city: 'Lisbon' });
    expect(prompted.answer).toContain('Lisbon');
    expect(conversation.messages).toHaveLength(4);
  });
});

describe('a host with HTTP servers', () => {
  it("reaches them over mcpkit's client: Streamable HTTP (2026-07-28 here) and HTTP+SSE, declared or found by fallback", async () => {
    const mcpkit = await startHttp([process.execPath, CLI_ENTRY, 'serve', 'everything', '--http', '0'], {
      ready: /serving everything on http/,
    });
    const sse = await startEverythingHttp('sse');
    const { host } = newHost(
      [
        { name: 'streamable', type: 'http', url: mcpkit.url, headers: {} },
        { name: 'sse', type: 'sse', url: sse.url, headers: {} },
        { name: 'fallback', type: 'http', url: sse.url, headers: {} },
      ],
      { policy: { default: 'allow' } },
    );
    try {
      await host.start();
      expect(host.servers().map((s) => [s.name, s.state, s.revision])).toEqual([
        ['streamable', 'ready', '2026-07-28'],
        ['sse', 'ready', '2025-11-25'],
        ['fallback', 'ready', '2025-11-25'],
      ]);
      const transcript = await host.ask(
        'call streamable__echo {"message":"over http"}\ncall sse__echo {"message":"over sse"}\ncall fallback__get-sum {"a":1,"b":2}',
      );
      expect(transcript.toolCalls.map((c) => c.outcome)).toEqual(['ok', 'ok', 'ok']);
      expect(transcript.answer).toContain('over http');
      expect(transcript.answer).toContain('over sse');
      expect(transcript.answer).toContain('3');
    } finally {
      await host.close();
      await mcpkit.stop();
      await sse.stop();
    }
  }, 60_000);
});

describe('a host whose servers misbehave', () => {
  it('reports a server that crashes mid-call to the model, restarts it, and keeps the others', async () => {
    const { host, events } = newHost([stdio('fixture', [process.execPath, FIXTURE]), stdio('mcpkit', SERVERS.mcpkit)], {
      policy: { default: 'allow' },
      restart: { initialDelayMs: 50 },
    });
    try {
      await host.start();
      const transcript = await host.ask('call fixture__crash {}\ncall mcpkit__echo {"message":"still here"}');
      expect(transcript.toolCalls.map((c) => [c.tool, c.outcome])).toEqual([
        ['crash', 'failed'],
        ['echo', 'ok'],
      ]);
      expect(transcript.answer).toMatch(/ERROR The server fixture is unavailable/);
      expect(transcript.answer).toContain('still here');
      await expect.poll(() => host.servers()[0]?.state, { timeout: 10_000 }).toBe('ready');
      expect(events.some((e) => e.type === 'server-state' && e.server === 'fixture' && e.state === 'restarting')).toBe(true);
      expect(events.some((e) => e.type === 'server-stderr' && e.text.includes('crashing now'))).toBe(true);
      const again = await host.ask('call fixture__note {}');
      expect(again.toolCalls[0]?.outcome).toBe('ok');
    } finally {
      await host.close();
    }
  }, 30_000);

  it('gives up on a server that hangs at start, within its timeout, and serves the others', async () => {
    const { host, events } = newHost(
      [stdio('stuck', [process.execPath, FIXTURE, '--hang-on-start']), stdio('fixture', [process.execPath, FIXTURE])],
      {
        policy: { default: 'allow' },
        startTimeoutMs: 1500,
        restart: { maxAttempts: 0 },
      },
    );
    try {
      const started = Date.now();
      await host.start();
      expect(Date.now() - started).toBeLessThan(8000);
      expect(host.servers().map((s) => [s.name, s.state])).toEqual([
        ['stuck', 'failed'],
        ['fixture', 'ready'],
      ]);
      expect(host.servers()[0]?.error).toMatch(/did not answer within 1500 ms/);
      expect(events.some((e) => e.type === 'server-state' && e.state === 'failed')).toBe(true);
      const transcript = await host.ask('call fixture__note {}');
      expect(transcript.toolCalls[0]?.outcome).toBe('ok');
    } finally {
      await host.close();
    }
  }, 30_000);

  it('times out a call that hangs, telling the server and the model', async () => {
    const { host, events } = newHost([stdio('fixture', [process.execPath, FIXTURE])], {
      policy: { default: 'allow' },
      requestTimeoutMs: 500,
    });
    try {
      const transcript = await host.ask('call fixture__hang {}');
      expect(transcript.toolCalls[0]).toMatchObject({ outcome: 'failed' });
      expect(transcript.answer).toMatch(/did not answer in time/);
      await expect
        .poll(() => events.some((e) => e.type === 'server-stderr' && e.text.includes('hang was cancelled')), { timeout: 5000 })
        .toBe(true);
    } finally {
      await host.close();
    }
  }, 30_000);

  it('cancels a call in flight when the signal fires (Ctrl-C): the server is told, the ask stops cleanly', async () => {
    const { host, events } = newHost([stdio('fixture', [process.execPath, FIXTURE])], { policy: { default: 'allow' } });
    try {
      const controller = new AbortController();
      const transcript = await host.ask('call fixture__hang {}', {
        signal: controller.signal,
        onEvent: (e) => {
          if (e.type === 'tool-call-progress') controller.abort();
        },
      });
      expect(transcript.stopReason).toBe('cancelled');
      expect(transcript.toolCalls[0]).toMatchObject({ outcome: 'cancelled' });
      await expect
        .poll(() => events.some((e) => e.type === 'server-stderr' && e.text.includes('hang was cancelled')), { timeout: 5000 })
        .toBe(true);
      expect(host.servers()[0]?.state).toBe('ready');
    } finally {
      await host.close();
    }
  }, 30_000);

  it('denies what the policy does not allow, and the model is told', async () => {
    const { host, events } = newHost([stdio('fixture', [process.execPath, FIXTURE])], {
      policy: { servers: { fixture: { tools: { note: 'allow' } } } },
    });
    try {
      const transcript = await host.ask('call fixture__erase {}\ncall fixture__note {}');
      expect(transcript.toolCalls.map((c) => [c.tool, c.outcome])).toEqual([
        ['erase', 'denied'],
        ['note', 'ok'],
      ]);
      expect(transcript.answer).toMatch(/ERROR The user's policy did not allow calling erase/);
      expect(events.some((e) => e.type === 'server-stderr' && e.text.includes('erase was called'))).toBe(false);
    } finally {
      await host.close();
    }
  }, 30_000);

  it('refreshes its tools when a server says its list changed', async () => {
    const { host } = newHost([stdio('fixture', [process.execPath, FIXTURE])], { policy: { default: 'allow' } });
    try {
      await host.start();
      expect(host.tools().some((t) => t.name === 'fixture__grown')).toBe(false);
      await host.ask('call fixture__grow {}');
      await expect.poll(() => host.tools().some((t) => t.name === 'fixture__grown'), { timeout: 5000 }).toBe(true);
      const transcript = await host.ask('call fixture__grown {}');
      expect(transcript.answer).toContain('grown here');
    } finally {
      await host.close();
    }
  }, 30_000);

  it('names the closest tool of a rule that matches none, at start and when a list changes', async () => {
    const { host, events } = newHost([stdio('fixture', [process.execPath, FIXTURE])], {
      policy: { default: 'allow', tools: { 'fixture/erase': 'deny', 'fixture/notee': 'allow' } },
    });
    try {
      await host.start();
      expect(host.checkRules()).toEqual([
        {
          rule: 'fixture/notee',
          decision: 'allow',
          server: 'fixture',
          message: 'matches no tool of fixture; the closest is "fixture/note"',
        },
      ]);
      await host.ask('call fixture__shrink {}');
      await expect
        .poll(() => events.find((e) => e.type === 'policy-rule-unmatched' && e.rule === 'fixture/erase'), { timeout: 5000 })
        .toMatchObject({
          server: 'fixture',
          decision: 'deny',
          message: 'matches no tool of fixture; the closest is "fixture/crash"',
        });
    } finally {
      await host.close();
    }
  }, 30_000);

  it('declines sampling when the policy denies it', async () => {
    const { host } = newHost([stdio('mcpkit', SERVERS.mcpkit)], { policy: { default: 'allow', sampling: 'deny' } });
    try {
      const transcript = await host.ask('call mcpkit__sample_llm {"prompt":"x"}');
      expect(transcript.answer).toMatch(/declined|rejected|ERROR/i);
    } finally {
      await host.close();
    }
  }, 30_000);
});
