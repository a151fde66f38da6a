import { describe, expect, it } from 'vitest';
import type { Check } from './check.js';
import {
  NOTIFICATIONS,
  REQUESTS,
  TASKS_EXTENSION,
  hasCapability,
  hasExtension,
  hasMethod,
  notificationEntry,
  requestEntry,
  type NotificationMethod,
  type RequestMethod,
} from './methods.js';
import { inputRequiredResult, createTaskResult, unsupportedProtocolVersionData } from './messageChecks.js';
import { REVISIONS, type Revision } from './versions.js';

// The inventory of VERSIONS.md ("Method inventory by version"), written out.
const REQUESTS_2024: readonly string[] = [
  'completion/complete',
  'initialize',
  'logging/setLevel',
  'ping',
  'prompts/get',
  'prompts/list',
  'resources/list',
  'resources/read',
  'resources/subscribe',
  'resources/templates/list',
  'resources/unsubscribe',
  'roots/list',
  'sampling/createMessage',
  'tools/call',
  'tools/list',
];
const NOTIFICATIONS_2024: readonly string[] = [
  'notifications/cancelled',
  'notifications/initialized',
  'notifications/message',
  'notifications/progress',
  'notifications/prompts/list_changed',
  'notifications/resources/list_changed',
  'notifications/resources/updated',
  'notifications/roots/list_changed',
  'notifications/tools/list_changed',
];
const REQUESTS_2025_06: readonly string[] = [...REQUESTS_2024, 'elicitation/create'];
const INVENTORY: Record<Revision, { requests: readonly string[]; notifications: readonly string[] }> = {
  '2024-11-05': { requests: REQUESTS_2024, notifications: NOTIFICATIONS_2024 },
  '2025-03-26': { requests: REQUESTS_2024, notifications: NOTIFICATIONS_2024 },
  '2025-06-18': { requests: REQUESTS_2025_06, notifications: NOTIFICATIONS_2024 },
  '2025-11-25': {
    requests: [...REQUESTS_2025_06, 'tasks/cancel', 'tasks/get', 'tasks/list', 'tasks/result'],
    notifications: [...NOTIFICATIONS_2024, 'notifications/elicitation/complete', 'notifications/tasks/status'],
  },
  '2026-07-28': {
    requests: [
      'completion/complete',
      'prompts/get',
      'prompts/list',
      'resources/list',
      'resources/read',
      'resources/templates/list',
      'server/discover',
      'subscriptions/listen',
      'tools/call',
      'tools/list',
    ],
    notifications: [
      'notifications/cancelled',
      'notifications/message',
      'notifications/progress',
      'notifications/prompts/list_changed',
      'notifications/resources/list_changed',
      'notifications/resources/updated',
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
    ],
  },
};
const TASKS_EXTENSION_METHODS = {
  requests: ['tasks/cancel', 'tasks/get', 'tasks/update'],
  notifications: ['notifications/tasks'],
};

const requestMethods = Object.keys(REQUESTS) as RequestMethod[];
const notificationMethods = Object.keys(NOTIFICATIONS) as NotificationMethod[];
const wireIn = (methods: readonly string[], revision: Revision, extensions?: readonly string[]): string[] =>
  methods.filter((m) => hasMethod(m, revision, extensions)).sort();
const sorted = (methods: readonly string[]): string[] => [...methods].sort();

function expectAccepts<T>(check: Check<T>, value: unknown): void {
  expect(check(value, 'params')).toBeUndefined();
}

function expectRejects<T>(check: Check<T>, value: unknown, issue: string): void {
  expect(check(value, 'params')).toContain(issue);
}

describe('inventory', () => {
  it.each(REVISIONS)('has exactly the core methods of %s', (revision) => {
    expect(wireIn(requestMethods, revision)).toEqual(sorted(INVENTORY[revision].requests));
    expect(wireIn(notificationMethods, revision)).toEqual(sorted(INVENTORY[revision].notifications));
  });

  it('adds the tasks extension to 2026-07-28 only when negotiated', () => {
    const withTasks = [TASKS_EXTENSION];
    expect(wireIn(requestMethods, '2026-07-28', withTasks)).toEqual(
      sorted([...INVENTORY['2026-07-28'].requests, ...TASKS_EXTENSION_METHODS.requests]),
    );
    expect(wireIn(notificationMethods, '2026-07-28', withTasks)).toEqual(
      sorted([...INVENTORY['2026-07-28'].notifications, ...TASKS_EXTENSION_METHODS.notifications]),
    );
  });

  it('declares nothing beyond the inventory and the extension', () => {
    const known = new Set([
      ...Object.values(INVENTORY).flatMap((i) => [...i.requests, ...i.notifications]),
      ...TASKS_EXTENSION_METHODS.requests,
      ...TASKS_EXTENSION_METHODS.notifications,
    ]);
    expect(sorted([...requestMethods, ...notificationMethods])).toEqual(sorted([...known]));
  });

  it('carries server-to-client requests only as input requests in 2026-07-28', () => {
    for (const method of ['elicitation/create', 'sampling/createMessage', 'roots/list'] as const) {
      expect(REQUESTS[method].inputRequestIn).toEqual(['2026-07-28']);
      expect(hasMethod(method, '2026-07-28')).toBe(false);
    }
    expect(requestMethods.filter((m) => REQUESTS[m].inputRequestIn !== undefined)).toHaveLength(3);
  });

  it('answers undefined and false for unknown methods', () => {
    expect(requestEntry('tools/delete')).toBeUndefined();
    expect(requestEntry('constructor')).toBeUndefined();
    expect(notificationEntry('notifications/unknown')).toBeUndefined();
    expect(hasMethod('toString', '2025-11-25')).toBe(false);
    expect(requestEntry('tools/call')).toBe(REQUESTS['tools/call']);
    expect(notificationEntry('notifications/progress')).toBe(NOTIFICATIONS['notifications/progress']);
  });
});

describe('flags', () => {
  const flagged = (flag: 'paginated' | 'cacheable' | 'inputRequired'): string[] =>
    requestMethods.filter((m) => REQUESTS[m][flag]).sort();

  it('marks the paginated lists', () => {
    expect(flagged('paginated')).toEqual([
      'prompts/list',
      'resources/list',
      'resources/templates/list',
      'tasks/list',
      'tools/list',
    ]);
  });

  it('marks the cacheable results', () => {
    expect(flagged('cacheable')).toEqual([
      'prompts/list',
      'resources/list',
      'resources/read',
      'resources/templates/list',
      'server/discover',
      'tools/list',
    ]);
  });

  it('marks the requests that may answer input_required', () => {
    expect(flagged('inputRequired')).toEqual(['prompts/get', 'resources/read', 'tools/call']);
  });

  it('names the sender of each message', () => {
    const bySender = (from: string): string[] =>
      [
        ...requestMethods.filter((m) => REQUESTS[m].from === from),
        ...notificationMethods.filter((m) => NOTIFICATIONS[m].from === from),
      ].sort();
    expect(bySender('server')).toEqual([
      'elicitation/create',
      'notifications/elicitation/complete',
      'notifications/message',
      'notifications/prompts/list_changed',
      'notifications/resources/list_changed',
      'notifications/resources/updated',
      'notifications/subscriptions/acknowledged',
      'notifications/tasks',
      'notifications/tools/list_changed',
      'roots/list',
      'sampling/createMessage',
    ]);
    expect(bySender('either')).toEqual([
      'notifications/cancelled',
      'notifications/progress',
      'notifications/tasks/status',
      'ping',
      'tasks/cancel',
      'tasks/get',
      'tasks/list',
      'tasks/result',
    ]);
  });

  it('gates requests by the receiver capability and notifications by the sender capability', () => {
    expect(REQUESTS['tools/call'].capability).toBe('tools');
    expect(REQUESTS['resources/subscribe'].capability).toBe('resources.subscribe');
    expect(REQUESTS['completion/complete'].capability).toBe('completions');
    expect(REQUESTS['sampling/createMessage'].capability).toBe('sampling');
    expect(REQUESTS['elicitation/create'].capability).toBe('elicitation');
    expect(REQUESTS['tasks/list'].capability).toBe('tasks.list');
    expect(REQUESTS.initialize.capability).toBeUndefined();
    expect(NOTIFICATIONS['notifications/tools/list_changed'].capability).toBe('tools.listChanged');
    expect(NOTIFICATIONS['notifications/roots/list_changed'].capability).toBe('roots.listChanged');
    expect(NOTIFICATIONS['notifications/message'].capability).toBe('logging');
  });

  it('marks what the tasks extension offers', () => {
    const offered = [...requestMethods, ...notificationMethods].filter(
      (m) => (requestEntry(m) ?? notificationEntry(m))?.extension === TASKS_EXTENSION,
    );
    expect(offered.sort()).toEqual(['notifications/tasks', 'tasks/cancel', 'tasks/get', 'tasks/update']);
  });
});

describe('hasCapability', () => {
  const capabilities = {
    tools: {},
    resources: { subscribe: true, listChanged: false },
    logging: null,
    extensions: { [TASKS_EXTENSION]: {} },
  };

  it('finds present capabilities by dotted path', () => {
    expect(hasCapability(capabilities, 'tools')).toBe(true);
    expect(hasCapability(capabilities, 'resources.subscribe')).toBe(true);
  });

  it('treats false, null, missing and inherited members as absent', () => {
    expect(hasCapability(capabilities, 'resources.listChanged')).toBe(false);
    expect(hasCapability(capabilities, 'logging')).toBe(false);
    expect(hasCapability(capabilities, 'prompts')).toBe(false);
    expect(hasCapability(capabilities, 'tools.listChanged')).toBe(false);
    expect(hasCapability(capabilities, 'constructor')).toBe(false);
    expect(hasCapability(undefined, 'tools')).toBe(false);
  });

  it('finds extensions, whose ids contain dots, with hasExtension', () => {
    expect(hasExtension(capabilities, TASKS_EXTENSION)).toBe(true);
    expect(hasExtension(capabilities, 'com.example/other')).toBe(false);
    expect(hasExtension({}, TASKS_EXTENSION)).toBe(false);
  });
});

describe('params checks', () => {
  it('checks tools/call', () => {
    const { params } = REQUESTS['tools/call'];
    expectAccepts(params, { name: 'add', arguments: { a: 1 } });
    expectAccepts(params, { name: 'add', requestState: 's', inputResponses: { k: { action: 'accept' } }, _meta: {} });
    expectRejects(params, { arguments: {} }, 'params.name: required');
    expectRejects(params, { name: 'add', arguments: [1] }, 'params.arguments: expected an object');
    expectRejects(params, undefined, 'params: expected an object');
  });

  it('checks resources/read and completion/complete', () => {
    expectAccepts(REQUESTS['resources/read'].params, { uri: 'file:///a' });
    expectRejects(REQUESTS['resources/read'].params, { uri: 3 }, 'params.uri: expected a string');
    const complete = REQUESTS['completion/complete'].params;
    expectAccepts(complete, { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } });
    expectAccepts(complete, { ref: { type: 'ref/resource', uri: 'file:///{x}' }, argument: { name: 'x', value: 'f' } });
    expectRejects(complete, { ref: { type: 'ref/tool', name: 't' }, argument: { name: 'a', value: '' } }, 'params.ref.type');
    expectRejects(
      complete,
      { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a' } },
      'params.argument.value: required',
    );
  });

  it('checks initialize', () => {
    const { params } = REQUESTS.initialize;
    expectAccepts(params, { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } });
    expectRejects(
      params,
      { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c' } },
      'params.clientInfo.version: required',
    );
    expectRejects(
      params,
      { protocolVersion: 20250618, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      'params.protocolVersion',
    );
  });

  it('lets optional params be omitted', () => {
    expectAccepts(REQUESTS['tools/list'].params, undefined);
    expectAccepts(REQUESTS.ping.params, undefined);
    expectAccepts(NOTIFICATIONS['notifications/initialized'].params, undefined);
    expectRejects(REQUESTS['tools/list'].params, { cursor: 1 }, 'params.cursor: expected a string');
  });

  it('checks elicitation/create in both modes', () => {
    const { params } = REQUESTS['elicitation/create'];
    expectAccepts(params, { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
    expectAccepts(params, { mode: 'url', message: 'Sign in', url: 'https://example.com', elicitationId: 'e1' });
    expectRejects(params, { mode: 'url', message: 'Sign in' }, 'required');
  });

  it('checks notifications', () => {
    expectAccepts(NOTIFICATIONS['notifications/progress'].params, { progressToken: 't', progress: 1, total: 2 });
    expectRejects(NOTIFICATIONS['notifications/progress'].params, { progressToken: 1.5, progress: 1 }, 'params.progressToken');
    expectAccepts(NOTIFICATIONS['notifications/cancelled'].params, { requestId: 3, reason: 'user' });
    expectAccepts(NOTIFICATIONS['notifications/message'].params, { level: 'info', data: { any: 'json' } });
    expectRejects(NOTIFICATIONS['notifications/message'].params, { level: 'verbose', data: 1 }, 'params.level');
    expectRejects(NOTIFICATIONS['notifications/message'].params, { level: 'info' }, 'params.data: required');
  });
});

describe('result checks', () => {
  it('checks list results for their array', () => {
    expectAccepts(REQUESTS['tools/list'].result, { tools: [{ name: 't', inputSchema: { type: 'object' } }], nextCursor: '' });
    expectRejects(REQUESTS['tools/list'].result, { tools: {} }, 'params.tools: expected an array');
    expectRejects(REQUESTS['tools/list'].result, { tools: [{ inputSchema: {} }] }, 'params.tools[0].name: required');
    expectRejects(REQUESTS['resources/list'].result, { resources: [], ttlMs: 1.5 }, 'params.ttlMs: expected an integer');
  });

  it('checks tools/call for its content array', () => {
    const { result } = REQUESTS['tools/call'];
    expectAccepts(result, { content: [{ type: 'text', text: 'ok' }], structuredContent: [1, 2], resultType: 'complete' });
    expectRejects(result, { structuredContent: {} }, 'params.content: required');
    expectRejects(result, { content: [{ text: 'no type' }] }, 'params.content[0].type: required');
  });

  it('checks the 2026-07-28 results', () => {
    const discover = { supportedVersions: ['2026-07-28'], capabilities: {}, ttlMs: 0, cacheScope: 'public' };
    expectAccepts(REQUESTS['server/discover'].result, discover);
    expectRejects(REQUESTS['server/discover'].result, { ...discover, cacheScope: 'shared' }, 'params.cacheScope');
    expectAccepts(REQUESTS['subscriptions/listen'].result, { _meta: { 'io.modelcontextprotocol/subscriptionId': 'l1' } });
    expectRejects(REQUESTS['subscriptions/listen'].result, {}, 'params._meta: required');
  });

  it('checks input_required and task handles', () => {
    expectAccepts(inputRequiredResult, { resultType: 'input_required', inputRequests: { a: { method: 'roots/list' } } });
    expectAccepts(inputRequiredResult, { resultType: 'input_required', requestState: 's' });
    expectRejects(inputRequiredResult, { resultType: 'input_required' }, 'expected inputRequests or requestState');
    expectAccepts(createTaskResult, { task: { taskId: 't', status: 'working', createdAt: 'x', lastUpdatedAt: 'x', ttl: null } });
    expectAccepts(createTaskResult, {
      resultType: 'task',
      taskId: 't',
      status: 'working',
      createdAt: 'x',
      lastUpdatedAt: 'x',
      ttlMs: null,
    });
    expectRejects(createTaskResult, { resultType: 'task', taskId: 't', status: 'sleeping' }, 'status');
  });

  it('checks error data', () => {
    expectAccepts(unsupportedProtocolVersionData, { supported: ['2025-11-25'], requested: '2027-01-01' });
    expectRejects(unsupportedProtocolVersionData, { supported: '2025-11-25', requested: 'x' }, 'expected an array');
  });
});
