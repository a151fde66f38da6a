/**
 * The official v1 client (`@modelcontextprotocol/sdk`, handshake era) as a
 * {@link Harness}.
 *
 * @module
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CreateMessageRequestSchema,
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type {
  CallToolResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Tool,
} from 'mcpkit/protocol';
import { createInMemoryPair } from 'mcpkit/testing';
import type { McpServer } from 'mcpkit/server';
import { FULL_CAPABILITIES, Inbox } from './clientHandlers.js';
import { CLI_ENTRY, type Harness } from './harness.js';
import { assertCliBuilt, startHttpServer } from './process.js';
import { SdkTransportAdapter } from './sdkTransport.js';

/** Connects a v1 client over `transport`. */
export async function connectV1(
  transport: SdkTransport,
  kind: Harness['transport'],
): Promise<Harness & { readonly client: Client }> {
  const inbox = new Inbox();
  const client = new Client({ name: 'sdk-v1-test', version: '1.0.0' }, { capabilities: FULL_CAPABILITIES });
  client.setRequestHandler(CreateMessageRequestSchema, (request) => inbox.answerSampling(request.params));
  client.setRequestHandler(ElicitRequestSchema, (request) => inbox.answerElicitation(request.params));
  client.setRequestHandler(ListRootsRequestSchema, () => inbox.answerRoots());
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    inbox.logged(n.params);
  });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    inbox.updates.push(n.params.uri);
  });
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, (n) => {
    inbox.elicitationCompletions.push(n.params.elicitationId);
  });
  await client.connect(transport);
  return {
    client,
    transport: kind,
    stateless: false,
    resourceNotFoundCode: -32002,
    inbox,
    listTools: async () => (await client.listTools()).tools as Tool[],
    callTool: async (name, args, options) =>
      (await client.callTool({ name, ...(args !== undefined && { arguments: args }) }, undefined, {
        ...(options?.onprogress !== undefined && { onprogress: options.onprogress }),
        ...(options?.signal !== undefined && { signal: options.signal }),
      })) as CallToolResult,
    listResources: async () => (await client.listResources()).resources as Resource[],
    listResourceTemplates: async () => (await client.listResourceTemplates()).resourceTemplates as ResourceTemplate[],
    readResource: async (uri) => (await client.readResource({ uri })) as ReadResourceResult,
    listPrompts: async () => (await client.listPrompts()).prompts as Prompt[],
    getPrompt: async (name, args) =>
      (await client.getPrompt({ name, ...(args !== undefined && { arguments: args }) })) as GetPromptResult,
    complete: async (ref, argument, context) =>
      (await client.complete({ ref, argument, ...(context !== undefined && { context: { arguments: context } }) })).completion,
    setLogLevel: async (level) => {
      await client.setLoggingLevel(level);
    },
    watch: async (uri) => {
      await client.subscribeResource({ uri });
      return async () => {
        await client.unsubscribeResource({ uri });
      };
    },
    close: () => client.close(),
  };
}

/** A v1 client connected to `server` over mcpkit's in-memory pair. */
export async function v1InMemory(server: McpServer): Promise<Harness> {
  const [clientSide, serverSide] = createInMemoryPair();
  await server.connect(serverSide);
  return connectV1(new SdkTransportAdapter(clientSide), 'memory');
}

/** A v1 client that spawns `mcpkit serve everything` and talks to it over stdio. */
export function v1Stdio(): Promise<Harness> {
  assertCliBuilt();
  return connectV1(
    new StdioClientTransport({ command: process.execPath, args: [CLI_ENTRY, 'serve', 'everything'], stderr: 'pipe' }),
    'stdio',
  );
}

/** A v1 client talking Streamable HTTP to `mcpkit serve everything --http 0`. */
export async function v1Http(): Promise<Harness> {
  const server = await startHttpServer();
  const harness = await connectV1(new StreamableHTTPClientTransport(server.url), 'http');
  return {
    ...harness,
    close: async () => {
      await harness.close();
      await server.stop();
    },
  };
}
