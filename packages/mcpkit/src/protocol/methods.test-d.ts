import { describe, expectTypeOf, it } from 'vitest';
import type { RequestEntry } from './methodTable.js';
import type {
  ClientNotificationMethod,
  ClientRequestMethod,
  NotificationParamsOf,
  ParamsOf,
  RequestMethod,
  ResultOf,
  ServerNotificationMethod,
  ServerRequestMethod,
  WireResultOf,
} from './methods.js';
import { REQUESTS } from './methods.js';
import type * as T from './types/index.js';
import type { META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION, META_SERVER_INFO, META_SUBSCRIPTION_ID } from './meta.js';

describe('ParamsOf / ResultOf', () => {
  it('maps tools, resources and prompts to their spec nouns', () => {
    expectTypeOf<ParamsOf<'tools/call'>>().toEqualTypeOf<T.CallToolParams>();
    expectTypeOf<ResultOf<'tools/call'>>().toEqualTypeOf<T.CallToolResult>();
    expectTypeOf<ParamsOf<'tools/list'>>().toEqualTypeOf<T.ListToolsParams>();
    expectTypeOf<ResultOf<'tools/list'>>().toEqualTypeOf<T.ListToolsResult>();
    expectTypeOf<ParamsOf<'resources/read'>>().toEqualTypeOf<T.ReadResourceParams>();
    expectTypeOf<ResultOf<'resources/read'>>().toEqualTypeOf<T.ReadResourceResult>();
    expectTypeOf<ResultOf<'resources/templates/list'>>().toEqualTypeOf<T.ListResourceTemplatesResult>();
    expectTypeOf<ParamsOf<'prompts/get'>>().toEqualTypeOf<T.GetPromptParams>();
    expectTypeOf<ResultOf<'prompts/get'>>().toEqualTypeOf<T.GetPromptResult>();
    expectTypeOf<ParamsOf<'completion/complete'>>().toEqualTypeOf<T.CompleteParams>();
  });

  it('maps lifecycle, client features and tasks', () => {
    expectTypeOf<ParamsOf<'initialize'>>().toEqualTypeOf<T.InitializeParams>();
    expectTypeOf<ResultOf<'initialize'>>().toEqualTypeOf<T.InitializeResult>();
    expectTypeOf<ResultOf<'server/discover'>>().toEqualTypeOf<T.DiscoverResult>();
    expectTypeOf<ParamsOf<'subscriptions/listen'>>().toEqualTypeOf<T.SubscriptionsListenParams>();
    expectTypeOf<ParamsOf<'sampling/createMessage'>>().toEqualTypeOf<T.CreateMessageParams>();
    expectTypeOf<ResultOf<'elicitation/create'>>().toEqualTypeOf<T.ElicitResult>();
    expectTypeOf<ResultOf<'roots/list'>>().toEqualTypeOf<T.ListRootsResult>();
    expectTypeOf<ParamsOf<'tasks/update'>>().toEqualTypeOf<T.UpdateTaskParams>();
    expectTypeOf<ResultOf<'tasks/get'>>().toEqualTypeOf<T.GetTaskResult>();
  });

  it('maps notifications to their params', () => {
    expectTypeOf<NotificationParamsOf<'notifications/progress'>>().toEqualTypeOf<T.ProgressParams>();
    expectTypeOf<NotificationParamsOf<'notifications/cancelled'>>().toEqualTypeOf<T.CancelledParams>();
    expectTypeOf<NotificationParamsOf<'notifications/resources/updated'>>().toEqualTypeOf<T.ResourceUpdatedParams>();
    expectTypeOf<NotificationParamsOf<'notifications/message'>>().toEqualTypeOf<T.LoggingMessageParams>();
    expectTypeOf<NotificationParamsOf<'notifications/tasks'>>().toEqualTypeOf<T.TaskStatusParams>();
  });

  it('rejects methods MCP does not define', () => {
    // @ts-expect-error: not an MCP method
    expectTypeOf<ParamsOf<'tools/delete'>>().toBeUnknown();
  });
});

describe('WireResultOf', () => {
  it('adds input_required to the MRTR methods and task handles to tools/call', () => {
    expectTypeOf<WireResultOf<'tools/call'>>().toEqualTypeOf<T.CallToolResult | T.InputRequiredResult | T.CreateTaskResult>();
    expectTypeOf<WireResultOf<'prompts/get'>>().toEqualTypeOf<T.GetPromptResult | T.InputRequiredResult>();
    expectTypeOf<WireResultOf<'tools/list'>>().toEqualTypeOf<T.ListToolsResult>();
  });
});

describe('sender unions', () => {
  it('splits requests by sender', () => {
    expectTypeOf<'tools/call'>().toExtend<ClientRequestMethod>();
    expectTypeOf<'ping'>().toExtend<ClientRequestMethod & ServerRequestMethod>();
    expectTypeOf<'sampling/createMessage'>().toExtend<ServerRequestMethod>();
    expectTypeOf<'sampling/createMessage'>().not.toExtend<ClientRequestMethod>();
    expectTypeOf<'tools/call'>().not.toExtend<ServerRequestMethod>();
    expectTypeOf<ClientRequestMethod | ServerRequestMethod>().toEqualTypeOf<RequestMethod>();
  });

  it('splits notifications by sender', () => {
    expectTypeOf<'notifications/initialized'>().toExtend<ClientNotificationMethod>();
    expectTypeOf<'notifications/initialized'>().not.toExtend<ServerNotificationMethod>();
    expectTypeOf<'notifications/progress'>().toExtend<ClientNotificationMethod & ServerNotificationMethod>();
    expectTypeOf<'notifications/tools/list_changed'>().not.toExtend<ClientNotificationMethod>();
  });
});

describe('REQUESTS', () => {
  it('types each entry by its method', () => {
    expectTypeOf(REQUESTS['tools/call']).toExtend<RequestEntry<T.CallToolParams, T.CallToolResult>>();
    expectTypeOf(REQUESTS['tools/call'].from).toEqualTypeOf<'client'>();
    expectTypeOf(REQUESTS.ping.from).toEqualTypeOf<'either'>();
    expectTypeOf(REQUESTS['roots/list'].from).toEqualTypeOf<'server'>();
  });
});

describe('meta keys', () => {
  it('types the reserved keys meta.ts names', () => {
    expectTypeOf<T.RequestMeta[typeof META_PROTOCOL_VERSION]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<T.RequestMeta[typeof META_CLIENT_CAPABILITIES]>().toEqualTypeOf<T.ClientCapabilities | undefined>();
    expectTypeOf<T.ResultMeta[typeof META_SERVER_INFO]>().toEqualTypeOf<T.Implementation | undefined>();
    expectTypeOf<T.NotificationMeta[typeof META_SUBSCRIPTION_ID]>().toEqualTypeOf<string | number | undefined>();
  });
});
