/**
 * The official v2 client (`@modelcontextprotocol/client`) as a
 * {@link Harness}: the handshake era by default, or 2026-07-28 with
 * `versionNegotiation: { mode: { pin: '2026-07-28' } }`, where the client
 * answers `input_required` rounds with the same request handlers (MRTR).
 *
 * @module
 */
import { Client, StreamableHTTPClientTransport, type Transport as SdkTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type {
  CallToolResult,
  GetPromptResult,
  LoggingLevel,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Tool,
} from 'mcpkit/protocol';
import type { McpServer } from 'mcpkit/server';
import { createInMemoryPair } from 'mcpkit/testing';
import { FULL_CAPABILITIES, Inbox } from './clientHandlers.js';
import { CLI_ENTRY, LOG_LEVEL_META, type Harness } from './harness.js';
import { assertCliBuilt, startHttpServer } from './process.js';
import { SdkTransportAdapter } from './sdkTransport.js';

/** Which era the v2 client speaks. */
export type V2Era = 'handshake' | 'stateless';

/** Connects a v2 client over `transport`. */
export async function connectV2(
  transport: SdkTransport,
  kind: Harness['transport'],
  era: V2Era,
): Promise<Harness & { readonly client: Client }> {
  const inbox = new Inbox();
  const client = new Client(
    { name: 'sdk-v2-test', version: '2.0.0' },
    { capabilities: FULL_CAPABILITIES, ...(era === 'stateless' && { versionNegotiation: { mode: { pin: '2026-07-28' } } }) },
  );
  client.setRequestHandler('sampling/createMessage', (request) => inbox.answerSampling(request.params));
  client.setRequestHandler('elicitation/create', (request) => inbox.answerElicitation(request.params));
  client.setRequestHandler('roots/list', () => inbox.answerRoots());
  client.setNotificationHandler('notifications/message', (n) => {
    inbox.logged(n.params);
  });
  client.setNotificationHandler('notifications/resources/updated', (n) => {
    inbox.updates.push(n.params.uri);
  });
  client.setNotificationHandler('notifications/elicitation/complete', (n) => {
    inbox.elicitationCompletions.push(n.params.elicitationId);
  });
  await client.connect(transport);
  let logLevel: LoggingLevel | undefined;
  return {
    client,
    transport: kind,
    stateless: era === 'stateless',
    resourceNotFoundCode: -32602,
    inbox,
    listTools: async () => (await client.listTools()).tools as Tool[],
    callTool: async (name, args, options) => {
      const meta = era === 'stateless' && logLevel !== undefined ? { _meta: { [LOG_LEVEL_META]: logLevel } } : {};
      return (await client.callTool(
        { name, ...(args !== undefined && { arguments: args }), ...meta },
        {
          ...(options?.onprogress !== undefined && { onprogress: options.onprogress }),
          ...(options?.signal !== undefined && { signal: options.signal }),
        },
      )) as CallToolResult;
    },
    listResources: async () => (await client.listResources()).resources as Resource[],
    listResourceTemplates: async () => (await client.listResourceTemplates()).resourceTemplates as ResourceTemplate[],
    readResource: async (uri) => (await client.readResource({ uri }, { cacheMode: 'bypass' })) as ReadResourceResult,
    listPrompts: async () => (await client.listPrompts()).prompts as Prompt[],
    getPrompt: async (name, args) =>
      (await client.getPrompt({ name, ...(args !== undefined && { arguments: args }) })) as GetPromptResult,
    complete: async (ref, argument, context) =>
      (await client.complete({ ref, argument, ...(context !== undefined && { context: { arguments: context } }) })).completion,
    setLogLevel: async (level) => {
      if (era === 'stateless') logLevel = level;
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- the handshake era's level setting, which this suite exercises
      else await client.setLoggingLevel(level);
    },
    watch: async (uri) => {
      if (era === 'handshake') {
        await client.subscribeResource({ uri });
        return async () => {
          await client.unsubscribeResource({ uri });
        };
      }
      const subscription = await client.listen({ resourceSubscriptions: [uri] });
      return () => subscription.close();
    },
    close: () => client.close(),
  };
}

/** A v2 client connected to `server` over mcpkit's in-memory pair. */
export async function v2InMemory(server: McpServer, era: V2Era): Promise<Harness> {
  const [clientSide, serverSide] = createInMemoryPair();
  await server.connect(serverSide);
  return connectV2(new SdkTransportAdapter(clientSide), 'memory', era);
}

/** A v2 client that spawns `mcpkit serve everything` and talks to it over stdio. */
export function v2Stdio(era: V2Era): Promise<Harness> {
  assertCliBuilt();
  return connectV2(
    new StdioClientTransport({ command: process.execPath, args: [CLI_ENTRY, 'serve', 'everything'], stderr: 'pipe' }),
    'stdio',
    era,
  );
}

/** A v2 client talking Streamable HTTP to `mcpkit serve everything --http 0`. */
export async function v2Http(era: V2Era): Promise<Harness> {
  const server = await startHttpServer();
  const harness = await connectV2(new StreamableHTTPClientTransport(server.url), 'http', era);
  return {
    ...harness,
    close: async () => {
      await harness.close();
      await server.stop();
    },
  };
}
