/**
 * What the conformance client does in each scenario of the official suite
 * (the non-OAuth ones). Each scenario is a plain function over a connected
 * mcpkit client: the suite's mock server checks the wire, so a scenario only
 * does the work a real application would do.
 *
 * @module
 */
import type { McpClient } from 'mcpkit/client';
import type { Tool } from 'mcpkit/protocol';

/** What a scenario gets: the connected client and the suite's context (`MCP_CONFORMANCE_CONTEXT`). */
export interface ScenarioContext {
  readonly client: McpClient;
  readonly context: Readonly<Record<string, unknown>>;
  /** Progress notes for the suite's captured stderr. */
  readonly log: (line: string) => void;
}

/** One scenario's work. */
export type Scenario = (s: ScenarioContext) => Promise<void>;

async function listThenCallAll(s: ScenarioContext): Promise<void> {
  await s.client.listAllTools();
  for (const call of toolCalls(s.context)) {
    const result = await s.client.callTool(call);
    s.log(`${call.name}: ${JSON.stringify(result.content).slice(0, 200)}`);
  }
}

/** The `toolCalls` the context asks for (`[{ name, arguments }]`), if any. */
function toolCalls(context: Readonly<Record<string, unknown>>): { name: string; arguments?: Record<string, unknown> }[] {
  const calls = context['toolCalls'];
  if (!Array.isArray(calls)) return [];
  return calls.filter(
    (c): c is { name: string; arguments?: Record<string, unknown> } =>
      typeof c === 'object' && c !== null && typeof (c as { name?: unknown }).name === 'string',
  );
}

function findTool(tools: readonly Tool[], name: string): Tool {
  const tool = tools.find((t) => t.name === name);
  if (tool === undefined) throw new Error(`the server lists no tool ${name} (it lists ${tools.map((t) => t.name).join(', ')})`);
  return tool;
}

/**
 * Every `auth/*` scenario: the work of an application (list the tools, call
 * them); the authorization it takes happens inside the transport.
 */
export const authScenario: Scenario = async ({ client, log }) => {
  const tools = await client.listAllTools();
  for (const tool of tools) {
    const result = await client.callTool({ name: tool.name, arguments: sampleArguments(tool) });
    log(`${tool.name}: ${JSON.stringify(result.content).slice(0, 200)}`);
  }
};

/** Every scenario this client implements, by the suite's name. */
export const SCENARIOS: Readonly<Record<string, Scenario>> = {
  initialize: async ({ client }) => {
    // The handshake is the test; list tools only where the server offers them.
    if (client.serverCapabilities?.tools !== undefined) await client.listAllTools();
  },
  tools_call: async ({ client, log }) => {
    const tools = await client.listAllTools();
    findTool(tools, 'add_numbers');
    const result = await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 3 } });
    log(JSON.stringify(result.content));
  },
  'elicitation-sep1034-client-defaults': async ({ client, log }) => {
    await client.listAllTools();
    const result = await client.callTool({ name: 'test_client_elicitation_defaults', arguments: {} });
    log(JSON.stringify(result.content));
  },
  'sse-retry': async ({ client, log }) => {
    await client.listAllTools();
    const result = await client.callTool({ name: 'test_reconnection', arguments: {} });
    log(JSON.stringify(result.content));
  },
  'request-metadata': async ({ client }) => {
    // Negotiation sent server/discover already; one more request shows the `_meta` is on every one.
    if (client.serverCapabilities?.tools !== undefined) await client.listAllTools();
    else await client.discover(undefined, { cache: false });
  },
  'sep-2322-client-request-state': async ({ client, log }) => {
    const tools = await client.listAllTools();
    for (const tool of tools) {
      const result = await client.callTool({ name: tool.name, arguments: {} });
      log(`${tool.name}: ${JSON.stringify(result.content).slice(0, 200)}`);
    }
  },
  'http-standard-headers': async ({ client }) => {
    const tools = await client.listAllTools();
    const tool = tools[0];
    if (tool !== undefined) await client.callTool({ name: tool.name, arguments: {} });
    const resources = await client.listAllResources();
    const resource = resources[0];
    if (resource !== undefined) await client.readResource({ uri: resource.uri });
    const prompts = await client.listAllPrompts();
    const prompt = prompts[0];
    if (prompt !== undefined) await client.getPrompt({ name: prompt.name });
  },
  'http-custom-headers': listThenCallAll,
  'http-invalid-tool-headers': async ({ client }) => {
    const tools = await client.listAllTools();
    // The transport drops tools whose x-mcp-header annotations are invalid; every tool left is callable.
    for (const tool of tools) await client.callTool({ name: tool.name, arguments: sampleArguments(tool) });
  },
  'json-schema-ref-no-deref': async ({ client }) => {
    await client.listAllTools();
  },
  'json-schema-2020-12-preservation': async ({ client }) => {
    const tools = await client.listAllTools();
    const focal = findTool(tools, 'json_schema_2020_12_tool');
    await client.callTool({ name: 'json_schema_echo', arguments: { schema: focal.inputSchema } });
  },
};

/** Arguments that satisfy the required string properties of a simple tool. */
function sampleArguments(tool: Tool): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const properties = tool.inputSchema.properties ?? {};
  for (const name of tool.inputSchema.required ?? []) {
    const type = (properties[name] as { type?: unknown } | undefined)?.type;
    args[name] = type === 'number' || type === 'integer' ? 1 : type === 'boolean' ? true : 'sample';
  }
  return args;
}
