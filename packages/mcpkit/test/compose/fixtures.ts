/**
 * Upstream servers for the composition tests, and how to connect a proxy in
 * front of one, everything in memory.
 *
 * @module
 */
import { onTestFinished } from 'vitest';
import { InputRouter, McpServer, proxyServer, type ProxyOptions } from '../../src/server/index.js';
import { connectInMemory, type ConnectInMemoryOptions, type TestClient } from '../../src/testing/index.js';
import { deferred, type Deferred } from '../helpers.js';

/** What the upstream saw, for assertions. */
export interface Seen {
  meta: Record<string, unknown> | undefined;
  aborted: Deferred<void>;
  started: Deferred<void>;
}

/** An upstream with a bit of everything: echo, a slow tool with progress, one that asks the user, resources, a prompt. */
export function everythingUpstream(name = 'up'): { server: McpServer; seen: Seen } {
  const server = new McpServer({ name, version: '1.0.0', capabilities: { resources: { subscribe: true } } });
  const seen: Seen = { meta: undefined, aborted: deferred(), started: deferred() };
  server.tool(
    {
      name: 'echo',
      description: 'Echoes',
      input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    },
    (args, ctx) => {
      seen.meta = ctx.meta;
      return `${name}: ${String((args as { text?: unknown }).text)}`;
    },
  );
  server.tool({ name: 'count', input: { type: 'object', properties: { n: { type: 'number' } } } }, async (args, ctx) => {
    const { n: given } = args as { n?: unknown };
    const n = typeof given === 'number' ? given : 3;
    for (let i = 1; i <= n; i++) await ctx.progress(i, n, `step ${String(i)}`);
    return `counted ${String(n)}`;
  });
  server.tool({ name: 'hang' }, async (_args, ctx) => {
    seen.started.resolve();
    await new Promise<void>((resolve) => {
      ctx.signal.addEventListener('abort', () => {
        resolve();
      });
    });
    seen.aborted.resolve();
    return 'never seen';
  });
  server.tool({ name: 'ask' }, async (_args, ctx) => {
    const answer = await ctx.elicit({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    return answer.action === 'accept' ? `hello ${String(answer.content?.['name'])}` : `no: ${answer.action}`;
  });
  server.resource({ uri: `mem://${name}/note`, name: 'note', mimeType: 'text/plain' }, () => `note of ${name}`);
  server.resourceTemplate(
    {
      uriTemplate: `mem://${name}/items/{id}`,
      name: 'item',
      complete: { id: (v) => ['apple', 'avocado', 'banana'].filter((x) => x.startsWith(v)) },
    },
    (_uri, vars) => `item ${vars.id}`,
  );
  server.prompt(
    {
      name: 'greet',
      arguments: [{ name: 'who', required: true }],
      complete: { who: (v) => ['world', 'wide'].filter((x) => x.startsWith(v)) },
    },
    (args) => `Hello ${String(args['who'])}`,
  );
  return { server, seen };
}

/** Connects a client to `upstream` (closed when the test ends), with the router's handlers. */
export async function upstreamClient(
  upstream: McpServer,
  inputs: InputRouter,
  options: ConnectInMemoryOptions = {},
): Promise<TestClient> {
  const client = await connectInMemory(upstream, { name: 'proxy', ...options, handlers: inputs.handlers });
  onTestFinished(() => client.close());
  return client;
}

/** A proxy of `upstream`, and a caller connected to it. */
export async function proxied(
  upstream: McpServer,
  options: { upstream?: ConnectInMemoryOptions; caller?: ConnectInMemoryOptions; proxy?: ProxyOptions } = {},
): Promise<{ caller: TestClient; upstreamClient: TestClient; server: McpServer }> {
  const inputs = new InputRouter();
  const client = await upstreamClient(upstream, inputs, options.upstream);
  const { server, mount } = await proxyServer(client, { inputs, ...options.proxy });
  onTestFinished(() => mount.close());
  const caller = await connectInMemory(server, options.caller);
  onTestFinished(() => caller.close());
  return { caller, upstreamClient: client, server };
}
