// Servers made of servers: one server mounts another (in this process) under a prefix,
// and proxies a third (a separate process) with its tools transformed; all on stdio.
// Run: node examples/dist/compose.js (after `npm run build:examples`), or read it.
import { McpClient } from 'mcpkit/client';
import { createInMemoryPair } from 'mcpkit/jsonrpc';
import { InputRouter, McpServer, mount } from 'mcpkit/server';
import { StdioClientTransport, StdioServerTransport } from 'mcpkit/stdio';

// A server of our own, which will sit under the prefix `math`.
const math = new McpServer({ name: 'math', version: '1.0.0' });
math.tool(
  { name: 'add', input: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } },
  (args) => {
    const { a, b } = args as { a: number; b: number }; // a JSON Schema input is checked, not typed: zod types it
    return String(a + b);
  },
);

// The server callers connect to.
const main = new McpServer({ name: 'composed', version: '1.0.0' });

// Mounting an in-process server: connect a client to it in memory, then mount the client.
// The router forwards what the mounted server asks of its client (elicitation, sampling,
// roots) to whoever called the tool that asked.
const mathInputs = new InputRouter();
const [clientSide, serverSide] = createInMemoryPair();
await math.connect(serverSide);
const mathClient = new McpClient({ name: 'composed', version: '1.0.0', handlers: mathInputs.handlers });
await mathClient.connect(clientSide);
await mount(main, mathClient, { prefix: 'math', inputs: mathInputs }); // math_add

// Mounting another process: the reference time server, its tools renamed and one argument fixed.
const timeInputs = new InputRouter();
const time = new McpClient({ name: 'composed', version: '1.0.0', handlers: timeInputs.handlers });
await time.connect(new StdioClientTransport({ command: 'npx', args: ['-y', 'mcpkit', 'serve', 'time'] }));
await mount(main, time, {
  prefix: 'clock',
  inputs: timeInputs,
  tools: {
    // clock_now: get_current_time, always in UTC, described for this server's callers.
    get_current_time: { name: 'now', fixed: { timezone: 'UTC' }, description: 'The current time in UTC' },
    convert_time: { hidden: true },
  },
  onProblem: (message) => {
    process.stderr.write(`${message}\n`);
  },
});

await main.connect(new StdioServerTransport());
