/**
 * One question in `mcpkit chat`, with the fake model provider, read by a
 * loopback OTLP receiver: the `invoke_agent` span, the `chat {model}` span,
 * the `execute_tool {tool}` span with the MCP client span beneath it, and the
 * server's span beneath that, in another process: all one trace.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../packages/mcpkit/test/host/fakes/fakeAnthropic.js';
import { directed } from '../../packages/mcpkit/test/host/fakes/directedModel.js';
import type { FakeApi } from '../../packages/mcpkit/test/host/fakes/fakeApi.js';
import { runCli } from '../cli/run.js';
import { CLI_ENTRY } from '../support/harness.js';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlpReceiver.js';

let anthropic: FakeApi;
let receiver: OtlpReceiver;
let dir: string;

beforeAll(async () => {
  anthropic = await startFakeAnthropic(directed);
  receiver = await startOtlpReceiver();
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-otel-chat-'));
  // The server's telemetry is configured as a user would: in its own env (servers get a safe environment only).
  writeFileSync(
    join(dir, '.mcp.json'),
    JSON.stringify({
      mcpServers: {
        everything: {
          command: process.execPath,
          args: [CLI_ENTRY, 'serve', 'everything'],
          env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' },
        },
      },
    }),
  );
});
afterAll(async () => {
  await anthropic.close();
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

it('traces one question from the model call to the server that ran the tool', async () => {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('OTEL_')) env[k] = v;
  const run = await runCli(
    [
      'chat',
      '--trust-project',
      '--model',
      'anthropic/claude-test',
      '--approve',
      'all',
      '--once',
      'call everything__echo {"message":"hi"}',
    ],
    {
      cwd: dir,
      env: {
        ...env,
        ANTHROPIC_API_KEY: 'test-key',
        ANTHROPIC_BASE_URL: anthropic.url,
        XDG_STATE_HOME: join(dir, 'state'),
        XDG_CONFIG_HOME: join(dir, 'config'),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      },
    },
  );
  expect(run.code, run.stderr).toBe(0);
  const spans = receiver.spans;
  const agent = spans.find((s) => s.name === 'invoke_agent mcpkit');
  expect(agent?.service).toBe('mcpkit-chat');
  const trace = spans.filter((s) => s.traceId === agent?.traceId);
  const chats = trace.filter((s) => s.name === 'chat claude-test');
  expect(chats.length).toBeGreaterThanOrEqual(2);
  for (const chat of chats) {
    expect(chat.parentSpanId).toBe(agent?.spanId);
    expect(chat.kind).toBe(3);
    expect(chat.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'claude-test',
    });
    expect(typeof chat.attributes['gen_ai.usage.input_tokens']).toBe('number');
  }
  const tool = trace.find((s) => s.name === 'execute_tool everything__echo');
  expect(tool?.parentSpanId).toBe(agent?.spanId);
  expect(tool?.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'everything__echo' });
  expect(typeof tool?.attributes['gen_ai.tool.call.id']).toBe('string');
  const client = trace.find((s) => s.name === 'tools/call echo' && s.kind === 3);
  expect(client?.parentSpanId).toBe(tool?.spanId);
  const server = trace.find((s) => s.name === 'tools/call echo' && s.kind === 2);
  expect(server?.service).toBe('mcpkit-serve');
  expect(server?.parentSpanId).toBe(client?.spanId);
  // The question and the arguments are not recorded by default.
  expect(JSON.stringify(trace)).not.toContain('"hi"');
}, 90_000);
