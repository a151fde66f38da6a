/**
 * Realistic messages, typed with our types, parsed by the official SDK's zod
 * schemas: v1.32 (`@modelcontextprotocol/sdk/types.js`, 2025-11-25) and core
 * 2.4 (`@modelcontextprotocol/core`, 2026-07-28). Parsing must succeed and give
 * back exactly the input: zod strips members it does not know, so equality also
 * proves that every member we used is one the SDK knows.
 */
import * as Core from '@modelcontextprotocol/core';
import * as V1 from '@modelcontextprotocol/sdk/types.js';
import { isInputRequiredResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import type * as T from './types/index.js';

interface Parser {
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: unknown };
}

function expectRoundTrip(schema: Parser, value: unknown): void {
  const parsed = schema.safeParse(value);
  expect(parsed.error).toBeUndefined();
  expect(parsed.data).toEqual(value);
}

const icon: T.Icon = { src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'], theme: 'light' };
const annotations: T.Annotations = { audience: ['user', 'assistant'], priority: 0.5, lastModified: '2025-01-12T15:00:58Z' };
const server: T.Implementation = {
  name: 'weather',
  title: 'Weather',
  version: '1.2.0',
  description: 'Forecasts',
  icons: [icon],
  websiteUrl: 'https://example.com',
};

const tool: T.Tool = {
  name: 'get_weather',
  title: 'Get weather',
  description: 'Current weather for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  outputSchema: { type: 'object', properties: { celsius: { type: 'number' } }, required: ['celsius'] },
  annotations: { title: 'Weather', readOnlyHint: true, openWorldHint: true },
  execution: { taskSupport: 'optional' },
  icons: [icon],
  _meta: { 'com.example/owner': 'team-a' },
};

const content: readonly T.ContentBlock[] = [
  { type: 'text', text: '{"celsius":21}', annotations },
  { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
  { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
  { type: 'resource_link', uri: 'file:///data/paris.json', name: 'paris.json', mimeType: 'application/json', size: 120 },
  {
    type: 'resource',
    resource: { uri: 'file:///data/notes.txt', mimeType: 'text/plain', text: 'Sunny' },
    annotations: { priority: 1 },
  },
];

const resource: T.Resource = {
  uri: 'file:///data/paris.json',
  name: 'paris',
  title: 'Paris',
  mimeType: 'application/json',
  size: 120,
  annotations,
  icons: [icon],
};
const template: T.ResourceTemplate = {
  uriTemplate: 'file:///data/{city}.json',
  name: 'city',
  description: 'A city',
  mimeType: 'application/json',
};
const prompt: T.Prompt = {
  name: 'forecast',
  title: 'Forecast',
  description: 'Ask for a forecast',
  arguments: [{ name: 'city', required: true }],
};

describe('the v1 SDK (2025-11-25) accepts our messages', () => {
  it('accepts the handshake', () => {
    const params: T.InitializeParams = {
      protocolVersion: '2025-11-25',
      capabilities: {
        roots: { listChanged: true },
        sampling: { tools: {} },
        elicitation: { form: {}, url: {} },
        tasks: { list: {}, requests: { elicitation: { create: {} } } },
      },
      clientInfo: { name: 'client', version: '1.0.0' },
    };
    const result: T.InitializeResult = {
      protocolVersion: '2025-11-25',
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true },
        prompts: {},
        logging: {},
        completions: {},
        tasks: { cancel: {}, requests: { tools: { call: {} } } },
      },
      serverInfo: server,
      instructions: 'Ask for the weather.',
    };
    expectRoundTrip(V1.InitializeRequestParamsSchema, params);
    expectRoundTrip(V1.InitializeResultSchema, result);
  });

  it('accepts tools', () => {
    const list: T.ListToolsResult = { tools: [tool], nextCursor: 'page-2' };
    const call: T.CallToolParams = {
      name: 'get_weather',
      arguments: { city: 'Paris' },
      task: { ttl: 60_000 },
      _meta: { progressToken: 7 },
    };
    const result: T.CallToolResult = { content, structuredContent: { celsius: 21 }, isError: false };
    expectRoundTrip(V1.ListToolsResultSchema, list);
    expectRoundTrip(V1.CallToolRequestParamsSchema, call);
    expectRoundTrip(V1.CallToolResultSchema, result);
  });

  it('accepts resources', () => {
    const list: T.ListResourcesResult = { resources: [resource] };
    const templates: T.ListResourceTemplatesResult = { resourceTemplates: [template] };
    const read: T.ReadResourceResult = {
      contents: [
        { uri: 'file:///data/paris.json', mimeType: 'application/json', text: '{}' },
        { uri: 'file:///data/paris.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' },
      ],
    };
    expectRoundTrip(V1.ListResourcesResultSchema, list);
    expectRoundTrip(V1.ListResourceTemplatesResultSchema, templates);
    expectRoundTrip(V1.ReadResourceResultSchema, read);
  });

  it('accepts prompts and completion', () => {
    const list: T.ListPromptsResult = { prompts: [prompt] };
    const get: T.GetPromptResult = {
      description: 'A forecast',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Weather in Paris?' } },
        { role: 'assistant', content: { type: 'resource', resource: { uri: 'file:///n.txt', text: 'Sunny' } } },
      ],
    };
    const complete: T.CompleteParams = {
      ref: { type: 'ref/resource', uri: 'file:///data/{city}.json' },
      argument: { name: 'city', value: 'Pa' },
      context: { arguments: { country: 'FR' } },
    };
    const completion: T.CompleteResult = { completion: { values: ['Paris', 'Pau'], total: 2, hasMore: false } };
    expectRoundTrip(V1.ListPromptsResultSchema, list);
    expectRoundTrip(V1.GetPromptResultSchema, get);
    expectRoundTrip(V1.CompleteRequestParamsSchema, complete);
    expectRoundTrip(V1.CompleteResultSchema, completion);
  });

  it('accepts sampling with tools', () => {
    const params: T.CreateMessageParams = {
      messages: [
        { role: 'user', content: { type: 'text', text: 'Weather in Paris?' } },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'u1', name: 'get_weather', input: { city: 'Paris' } }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              toolUseId: 'u1',
              content: [{ type: 'text', text: '21C' }],
              structuredContent: { celsius: 21 },
            },
          ],
        },
      ],
      modelPreferences: { hints: [{ name: 'claude' }], costPriority: 0.2, speedPriority: 0.5, intelligencePriority: 0.9 },
      systemPrompt: 'Be brief.',
      includeContext: 'none',
      temperature: 0.2,
      maxTokens: 200,
      stopSequences: ['\n\n'],
      tools: [tool],
      toolChoice: { mode: 'auto' },
    };
    const result: T.CreateMessageResult = {
      role: 'assistant',
      content: { type: 'text', text: 'Sunny, 21C.' },
      model: 'claude-sonnet',
      stopReason: 'endTurn',
    };
    const withTools: T.CreateMessageResult = {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'u2', name: 'get_weather', input: {} }],
      model: 'claude-sonnet',
      stopReason: 'toolUse',
    };
    expectRoundTrip(V1.CreateMessageRequestParamsSchema, params);
    expectRoundTrip(V1.CreateMessageResultSchema, result);
    expectRoundTrip(V1.CreateMessageResultWithToolsSchema, withTools);
  });

  it('accepts elicitation in both modes', () => {
    const form: T.ElicitParams = {
      mode: 'form',
      message: 'Where to?',
      requestedSchema: {
        type: 'object',
        properties: {
          city: { type: 'string', title: 'City', minLength: 1, default: 'Paris' },
          days: { type: 'integer', minimum: 1, maximum: 7, default: 3 },
          metric: { type: 'boolean', default: true },
          unit: {
            type: 'string',
            oneOf: [
              { const: 'c', title: 'Celsius' },
              { const: 'f', title: 'Fahrenheit' },
            ],
          },
          extras: { type: 'array', items: { type: 'string', enum: ['wind', 'rain'] }, default: ['rain'] },
          legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'] },
        },
        required: ['city'],
      },
    };
    const url: T.ElicitParams = {
      mode: 'url',
      message: 'Sign in to continue',
      url: 'https://example.com/login',
      elicitationId: 'e-1',
    };
    const result: T.ElicitResult = { action: 'accept', content: { city: 'Paris', days: 3, metric: true, extras: ['rain'] } };
    expectRoundTrip(V1.ElicitRequestParamsSchema, form);
    expectRoundTrip(V1.ElicitRequestParamsSchema, url);
    expectRoundTrip(V1.ElicitResultSchema, result);
  });

  it('accepts roots, notifications and tasks', () => {
    const roots: T.ListRootsResult = { roots: [{ uri: 'file:///home/me/project', name: 'project' }] };
    const progress: T.ProgressParams = { progressToken: 'p1', progress: 3, total: 10, message: 'Fetching' };
    const created: T.CreateTaskResult = {
      task: {
        taskId: 't1',
        status: 'working',
        createdAt: '2025-11-25T10:00:00Z',
        lastUpdatedAt: '2025-11-25T10:00:00Z',
        ttl: 60_000,
        pollInterval: 500,
      },
    };
    expectRoundTrip(V1.ListRootsResultSchema, roots);
    expectRoundTrip(V1.ProgressNotificationParamsSchema, progress);
    expectRoundTrip(V1.CreateTaskResultSchema, created);
  });
});

describe('core 2.4 (2026-07-28) accepts our messages', () => {
  it('accepts server/discover', () => {
    const discover: T.DiscoverResult = {
      supportedVersions: ['2026-07-28', '2025-11-25'],
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true },
        extensions: { 'io.modelcontextprotocol/tasks': {} },
      },
      instructions: 'Ask for the weather.',
      _meta: { 'io.modelcontextprotocol/serverInfo': server },
    };
    expectRoundTrip(Core.DiscoverResultSchema, discover);
  });

  it('accepts a 2026 tool result with a non-object structuredContent', () => {
    const result: T.CallToolResult = { content: [{ type: 'text', text: '[1,2]' }], structuredContent: [1, 2] };
    expectRoundTrip(Core.CallToolResultSchema, result);
    expectRoundTrip(Core.ToolSchema, { ...tool, outputSchema: { type: 'array', items: { type: 'number' } } } satisfies T.Tool);
  });

  it('accepts subscriptions', () => {
    const listen: T.SubscriptionsListenParams = {
      _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
      notifications: { toolsListChanged: true, resourceSubscriptions: ['file:///data/paris.json'] },
    };
    const acknowledged: T.SubscriptionsAcknowledgedParams = { notifications: { toolsListChanged: true } };
    const ended: T.SubscriptionsListenResult = { _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' } };
    expectRoundTrip(Core.SubscriptionsListenRequestParamsSchema, listen);
    expectRoundTrip(Core.SubscriptionsAcknowledgedNotificationParamsSchema, acknowledged);
    expectRoundTrip(Core.SubscriptionsListenResultSchema, ended);
  });

  it('accepts an input_required result', () => {
    const result: T.InputRequiredResult = {
      resultType: 'input_required',
      inputRequests: {
        city: {
          method: 'elicitation/create',
          params: { message: 'Which city?', requestedSchema: { type: 'object', properties: { city: { type: 'string' } } } },
        },
        roots: { method: 'roots/list' },
      },
      requestState: 'opaque-state',
    };
    expect(isInputRequiredResult(result)).toBe(true);
  });
});
