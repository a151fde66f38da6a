/**
 * What bench/filesystem.mjs and bench/memory.mjs share: a server process
 * driven by the mcpkit client, its CPU read from /proc, timed calls, and the
 * medians and ratios of the rounds.
 */
import { readFileSync } from 'node:fs';
import { McpClient } from 'mcpkit/client';
import { StdioClientTransport } from 'mcpkit/stdio';

/** The CPU time (ms) a process has used so far, or undefined where /proc is not there. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      .split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Spawns a stdio server and connects a handshake-era mcpkit client to it. */
export async function connectServer(command, args, env = {}) {
  const transport = new StdioClientTransport({ command, args, env, stderr: 'ignore' });
  const client = new McpClient({ name: 'bench-servers', version: '1.0.0', era: '2025-11-25' });
  await client.connect(transport);
  return { client, pid: transport.pid };
}

/** Times `calls` sequential calls of one tool after one warm-up call (`argsOf(-1)`): median wall and server CPU per call. */
export async function timeCalls({ client, pid }, name, argsOf, calls) {
  const call = async (i) => {
    const r = await client.callTool({ name, arguments: argsOf(i) }, { timeoutMs: 600_000 });
    if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content).slice(0, 300)}`);
  };
  await call(-1);
  const walls = [];
  const cpu0 = cpuMs(pid);
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await call(i);
    walls.push(performance.now() - t0);
  }
  const cpu1 = cpuMs(pid);
  return { wallMs: median(walls), serverCpuMs: cpu0 === undefined || cpu1 === undefined ? undefined : (cpu1 - cpu0) / calls };
}

/**
 * The medians over rounds (`results[server]` is a list of `{ [op]: { wallMs, serverCpuMs } }`)
 * as `summary[server][opWallMs|opCpuMs]`, and mcpkit ÷ official as `ratios[opWall|opCpu]`.
 */
export function summarize(results, ops) {
  const summary = {};
  for (const [server, runs] of Object.entries(results)) {
    summary[server] = {};
    for (const op of ops)
      for (const [key, field] of [
        ['WallMs', 'wallMs'],
        ['CpuMs', 'serverCpuMs'],
      ]) {
        const values = runs.map((r) => r[op][field]).filter((v) => v !== undefined);
        summary[server][op + key] = values.length === 0 ? undefined : median(values);
      }
  }
  const ratios = {};
  for (const op of ops)
    for (const key of ['Wall', 'Cpu']) {
      const a = summary.mcpkit[`${op}${key}Ms`];
      const b = summary.official[`${op}${key}Ms`];
      ratios[op + key] = a === undefined || b === undefined || b === 0 ? undefined : a / b;
    }
  return { summary, ratios };
}
