/**
 * `mcpkit conformance-client <url>` (hidden): the client the official MCP
 * conformance suite drives. The suite names the scenario in
 * `MCP_CONFORMANCE_SCENARIO`, the wire revision in
 * `MCP_CONFORMANCE_PROTOCOL_VERSION` (2026-07-28: the stateless era, no
 * `initialize`; anything else: the handshake) and scenario data in
 * `MCP_CONFORMANCE_CONTEXT`. Exit 0 when the scenario's work succeeded.
 *
 * @module
 */
import { McpClient } from 'mcpkit/client';
import { nodeHttpTransport } from 'mcpkit/node';
import { ExitCode, UsageError } from '../exitCodes.js';
import type { Io } from '../io.js';
import { conformanceAuth } from './authOptions.js';
import { SCENARIOS, authScenario } from './scenarios.js';

/** What the environment asks for. */
interface Request {
  readonly scenario: string;
  readonly stateless: boolean;
  readonly context: Readonly<Record<string, unknown>>;
}

function readRequest(env: NodeJS.ProcessEnv): Request {
  const scenario = env['MCP_CONFORMANCE_SCENARIO'];
  if (scenario === undefined || scenario === '')
    throw new UsageError('MCP_CONFORMANCE_SCENARIO is not set', 'conformance-client');
  const raw = env['MCP_CONFORMANCE_CONTEXT'];
  const context: unknown = raw === undefined || raw === '' ? {} : JSON.parse(raw);
  return {
    scenario,
    stateless: (env['MCP_CONFORMANCE_PROTOCOL_VERSION'] ?? '') >= '2026-07-28',
    context: typeof context === 'object' && context !== null ? (context as Record<string, unknown>) : {},
  };
}

/** A client that accepts every form (the schema's defaults filled in) and declines URLs. */
function conformanceClient(stateless: boolean): McpClient {
  return new McpClient({
    name: 'mcpkit-conformance-client',
    version: '1.0.0',
    era: stateless ? '2026-07-28' : 'handshake',
    handlers: {
      elicitation: {
        form: (params) => ({ action: 'accept', content: acceptAll(params.requestedSchema.properties) }),
      },
      roots: { list: () => [] },
    },
  });
}

/** Content for a form: `true` for boolean fields without a default (a confirmation); defaults fill the rest. */
function acceptAll(properties: Readonly<Record<string, unknown>>): Record<string, boolean> {
  const content: Record<string, boolean> = {};
  for (const [name, field] of Object.entries(properties)) {
    const f = field as { type?: unknown; default?: unknown };
    if (f.type === 'boolean' && f.default === undefined) content[name] = true;
  }
  return content;
}

/** Runs one scenario against the server at the last argument. */
export async function runConformanceClient(
  args: readonly string[],
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ExitCode> {
  const url = args[args.length - 1];
  if (url === undefined) throw new UsageError('conformance-client needs the server URL', 'conformance-client');
  const request = readRequest(env);
  const scenario = SCENARIOS[request.scenario] ?? (request.scenario.startsWith('auth/') ? authScenario : undefined);
  if (scenario === undefined) {
    io.stderr(`mcpkit conformance-client: scenario ${request.scenario} is not implemented\n`);
    return ExitCode.Error;
  }
  const client = conformanceClient(request.stateless);
  const log = (line: string): void => {
    io.stderr(`[${request.scenario}] ${line}\n`);
  };
  const auth = await conformanceAuth(request.scenario, request.context, log);
  await client.connect(nodeHttpTransport(url, { onWarning: log, ...(auth === undefined ? {} : { auth }) }));
  log(`connected: ${client.era ?? '?'} ${client.revision ?? '?'}`);
  try {
    await scenario({ client, context: request.context, log });
  } finally {
    await client.close();
  }
  return ExitCode.Ok;
}
