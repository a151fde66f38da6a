import { describe, expectTypeOf, it } from 'vitest';
import type {
  CallToolResult,
  DiscoverResult,
  ListToolsResult,
  LoggingMessageParams,
  Result,
  Tool,
} from '../protocol/types/index.js';
import type { McpClient } from './client.js';
import type { Subscription } from './subscription.js';
import type { CallToolOutcome } from './toolOutput.js';

declare const client: McpClient;

describe('McpClient types', () => {
  it('types request() from the method table, and leaves vendor methods open', () => {
    expectTypeOf(client.request('tools/list')).resolves.toEqualTypeOf<ListToolsResult>();
    expectTypeOf(client.request('tools/call', { name: 't' })).resolves.toEqualTypeOf<CallToolResult>();
    expectTypeOf(client.request('server/discover')).resolves.toEqualTypeOf<DiscoverResult>();
    expectTypeOf(client.request('com.example/custom', { anything: 1 })).resolves.toEqualTypeOf<Result>();
    // @ts-expect-error tools/call needs a name
    void client.request('tools/call', { arguments: {} });
  });

  it('types the spec methods and iterators', () => {
    expectTypeOf(client.callTool({ name: 't' })).resolves.toEqualTypeOf<CallToolOutcome>();
    expectTypeOf(client.listAllTools()).resolves.toEqualTypeOf<Tool[]>();
    expectTypeOf(client.tools()).toEqualTypeOf<AsyncGenerator<Tool, void, undefined>>();
    expectTypeOf(client.subscribe({ toolsListChanged: true }, () => undefined)).resolves.toEqualTypeOf<Subscription>();
  });

  it('types notification params for MCP notifications', () => {
    client.onNotification('notifications/message', (params) => {
      expectTypeOf(params).toEqualTypeOf<LoggingMessageParams>();
    });
    client.onNotification('com.example/event', (params) => {
      expectTypeOf(params).toEqualTypeOf<Readonly<Record<string, unknown>>>();
    });
  });
});
