/**
 * Telemetry of real `mcpkit` processes, read by a loopback OTLP receiver:
 * `mcpkit call` against `mcpkit serve everything` (spawned by the call) with
 * both exporting → one trace, the client span the parent of the server span;
 * both encodings; metrics; the SIGTERM flush; and nothing sent without the
 * variables.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../support/harness.js';
import { cliPeer } from '../support/process.js';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlpReceiver.js';
import { runCli } from '../cli/run.js';

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(async () => {
  await receiver.close();
});

/** The environment of a run, without any OTEL_* variable of the parent's. */
function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('OTEL_')) out[k] = v;
  return { ...out, ...extra };
}

const SERVE = ['--', process.execPath, CLI_ENTRY, 'serve', 'everything'];

describe.each(['http/json', 'http/protobuf'])('mcpkit call and serve over %s', (protocol) => {
  it('share one trace: the server span is the child of the client span', async () => {
    const marker = `svc-${protocol.replace('/', '-')}`;
    // The spawned server gets only a safe environment: its telemetry variables are given as a user would.
    const serverEnv = [
      '--env',
      `OTEL_EXPORTER_OTLP_ENDPOINT=${receiver.url}`,
      '--env',
      `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol}`,
    ];
    const run = await runCli(['call', 'echo', '--arg', 'message=hi', ...serverEnv, ...SERVE], {
      env: env({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
        OTEL_RESOURCE_ATTRIBUTES: `deployment.environment=${marker}`,
        OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=sekrit',
      }),
    });
    expect(run.code, run.stderr).toBe(0);
    const spans = receiver.spans.filter((s) => s.name === 'tools/call echo');
    const client = spans.find((s) => s.service === 'mcpkit-call' && s.kind === 3);
    const server = spans.find((s) => s.service === 'mcpkit-serve' && s.kind === 2 && s.traceId === client?.traceId);
    expect(client).toBeDefined();
    expect(server?.parentSpanId).toBe(client?.spanId);
    for (const span of [client, server]) {
      expect(span?.attributes).toMatchObject({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'echo',
        'gen_ai.operation.name': 'execute_tool',
        'network.transport': 'pipe',
      });
      expect(typeof span?.attributes['mcp.protocol.version']).toBe('string');
      // No argument, and never the exporter's headers.
      expect(JSON.stringify(span)).not.toContain('hi"');
      expect(JSON.stringify(span)).not.toContain('sekrit');
    }
    expect(receiver.lastHeaders['x-api-key']).toBe('sekrit');
    const kind = protocol === 'http/json' ? 'application/json' : 'application/x-protobuf';
    expect(receiver.contentTypes).toContain(kind);
    // Metrics: the client's operation duration of the call, with the advised buckets.
    const point = receiver.points.find(
      (p) => p.metric === 'mcp.client.operation.duration' && p.attributes['gen_ai.tool.name'] === 'echo',
    );
    expect(point?.count).toBeGreaterThanOrEqual(1);
    expect(point?.bounds).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300]);
    expect(receiver.points.some((p) => p.metric === 'mcp.server.operation.duration')).toBe(true);
    expect(receiver.points.some((p) => p.metric === 'mcp.client.session.duration')).toBe(true);
  }, 60_000);
});

describe('over Streamable HTTP', () => {
  it('records tcp and http, joins the trace, and flushes the server on SIGTERM', async () => {
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' };
    const peer = cliPeer(['serve', 'everything', '--http', '0'], { env: env({ ...otel, OTEL_SERVICE_NAME: 'http-server' }) });
    try {
      await peer.stderrContains('(Ctrl-C to stop)');
      const url = /serving everything on (\S+)/.exec(peer.stderr)?.[1] ?? '';
      for (const era of ['handshake', 'stateless']) {
        const run = await runCli(['call', 'echo', '--arg', 'message=x', '--era', era, url], {
          env: env({ ...otel, OTEL_SERVICE_NAME: `http-client-${era}` }),
        });
        expect(run.code, run.stderr).toBe(0);
      }
    } finally {
      peer.child.kill('SIGTERM');
      await peer.exited;
    }
    for (const era of ['handshake', 'stateless']) {
      const client = receiver.spans.find((s) => s.service === `http-client-${era}` && s.name === 'tools/call echo');
      const server = receiver.spans.find((s) => s.service === 'http-server' && s.parentSpanId === client?.spanId);
      expect(server?.name).toBe('tools/call echo');
      for (const span of [client, server])
        expect(span?.attributes).toMatchObject({ 'network.transport': 'tcp', 'network.protocol.name': 'http' });
      if (era === 'handshake') {
        expect(typeof server?.attributes['mcp.session.id']).toBe('string');
        expect(client?.attributes['mcp.session.id']).toBe(server?.attributes['mcp.session.id']);
      } else expect(server?.attributes['mcp.protocol.version']).toBe('2026-07-28');
    }
  }, 90_000);
});

describe('telemetry switches', () => {
  it('sends nothing without the variables', async () => {
    const before = receiver.contentTypes.length;
    const run = await runCli(['call', 'echo', '--arg', 'message=quiet', ...SERVE], { env: env({}) });
    expect(run.code, run.stderr).toBe(0);
    expect(receiver.contentTypes.length).toBe(before);
  }, 60_000);

  it('turns one signal off with OTEL_METRICS_EXPORTER=none, and all with OTEL_SDK_DISABLED', async () => {
    const base = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' };
    const points = receiver.points.length;
    const spans = receiver.spans.length;
    let run = await runCli(['call', 'echo', '--arg', 'message=x', ...SERVE], {
      env: env({ ...base, OTEL_METRICS_EXPORTER: 'none' }),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(receiver.points.length).toBe(points);
    expect(receiver.spans.length).toBeGreaterThan(spans);
    const after = receiver.contentTypes.length;
    run = await runCli(['call', 'echo', '--arg', 'message=x', ...SERVE], { env: env({ ...base, OTEL_SDK_DISABLED: 'true' }) });
    expect(run.code, run.stderr).toBe(0);
    expect(receiver.contentTypes.length).toBe(after);
  }, 60_000);

  it('refuses a malformed endpoint with a usage error', async () => {
    const run = await runCli(['call', 'echo', '--arg', 'message=x', ...SERVE], {
      env: env({ OTEL_EXPORTER_OTLP_ENDPOINT: 'file:///etc/passwd' }),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('OTLP endpoint');
  }, 60_000);

  it('flushes a server’s spans on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI_ENTRY, 'serve', 'everything'], {
      env: env({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'sigterm-server' }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      lines.push(...parts);
    });
    const send = (m: unknown): void => {
      child.stdin.write(`${JSON.stringify(m)}\n`);
    };
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: {
        name: 'echo',
        arguments: { message: 'x' },
        _meta: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
      },
    });
    const deadline = Date.now() + 30_000;
    while (!lines.some((l) => l.includes('"id":2')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    const span = receiver.spans.find((s) => s.service === 'sigterm-server' && s.name === 'tools/call echo');
    expect(span?.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(span?.parentSpanId).toBe('b7ad6b7169203331');
  }, 60_000);
});
