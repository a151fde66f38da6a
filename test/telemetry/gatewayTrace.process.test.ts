/**
 * One trace through `mcpkit gateway`: `mcpkit call` asks the gateway (over
 * stdio) for `ev_echo`; the gateway calls `echo` of `mcpkit serve everything`
 * (its upstream, over stdio). All three export to a loopback OTLP receiver;
 * the four spans of the call (caller's client, gateway's server, gateway's
 * client, upstream's server) must chain in one trace, each the parent of
 * the next, so a backend shows where the time went on both sides of the
 * gateway.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run.js';
import { CLI_ENTRY } from '../support/harness.js';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlpReceiver.js';

let receiver: OtlpReceiver;
let dir: string;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-gateway-trace-'));
});
afterAll(async () => {
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The environment of a run, without any OTEL_* variable of the parent's. */
function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('OTEL_')) out[k] = v;
  return { ...out, ...extra };
}

describe('mcpkit gateway with telemetry', () => {
  it('chains caller, gateway and upstream spans in one trace', async () => {
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' };
    const config = join(dir, 'gateway.json');
    // Spawned processes get a safe environment: the upstream's telemetry variables are given in its env, as a user would.
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { ev: { command: process.execPath, args: [CLI_ENTRY, 'serve', 'everything'], env: otel } } }),
    );
    const gatewayEnv = Object.entries(otel).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
    const run = await runCli(
      [
        'call',
        'ev_echo',
        '--arg',
        'message=traced',
        ...gatewayEnv,
        '--',
        process.execPath,
        CLI_ENTRY,
        'gateway',
        '--config',
        config,
      ],
      { env: env(otel) },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('traced');
    const caller = receiver.spans.find((s) => s.service === 'mcpkit-call' && s.kind === 3 && s.name === 'tools/call ev_echo');
    expect(caller).toBeDefined();
    const trace = receiver.spans.filter((s) => s.traceId === caller?.traceId);
    const gatewayServer = trace.find((s) => s.service === 'mcpkit-gateway' && s.kind === 2 && s.name === 'tools/call ev_echo');
    const gatewayClient = trace.find((s) => s.service === 'mcpkit-gateway' && s.kind === 3 && s.name === 'tools/call echo');
    const upstream = trace.find((s) => s.service === 'mcpkit-serve' && s.kind === 2 && s.name === 'tools/call echo');
    expect(gatewayServer?.parentSpanId).toBe(caller?.spanId);
    expect(gatewayClient?.parentSpanId).toBe(gatewayServer?.spanId);
    expect(upstream?.parentSpanId).toBe(gatewayClient?.spanId);
  }, 90_000);
});
