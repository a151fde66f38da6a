/**
 * An independent check of the hand-written types: a value typed by the
 * official SDK must be accepted by ours wherever ours should accept anything
 * the spec allows. Three sources:
 *
 * - `Spec`: the spec's own TypeScript schema for 2025-11-25, as shipped in
 *   `@modelcontextprotocol/sdk/spec.types.js` (v1.32).
 * - `V1`: the zod-inferred types of `@modelcontextprotocol/sdk/types.js` (v1.32, 2025-11-25).
 * - `Core`: the zod schemas `@modelcontextprotocol/core` 2.4 exports from its
 *   root (2026-07-28-aware), read through `z.output`. Core's root exports no
 *   MRTR schemas, so `InputRequiredResult` comes from `@modelcontextprotocol/server`,
 *   which re-exports core's types.
 */
import type * as Core from '@modelcontextprotocol/core';
import type * as V1 from '@modelcontextprotocol/sdk/types.js';
import type * as Spec from '@modelcontextprotocol/sdk/spec.types.js';
import type { InputRequiredResult as ServerInputRequiredResult } from '@modelcontextprotocol/server';
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type * as Ours from './types/index.js';

/**
 * The SDK's zod-inferred types spell every optional member `x?: T | undefined`
 * (the SDK compiles without `exactOptionalPropertyTypes`). JSON never carries
 * `undefined`, so it is stripped before comparing.
 */
type Wire<T> = T extends readonly (infer E)[]
  ? Wire<E>[]
  : T extends object
    ? { [K in keyof T]: Wire<Exclude<T[K], undefined>> }
    : T;

/**
 * Core 2.4 types `Tool.inputSchema.properties` values as any JSON value. The
 * spec requires a valid JSON Schema (2020-12: each property schema is an
 * object or a boolean), so ours is narrower there and the spec wins: the
 * comparison substitutes our input schema type.
 */
type SpecSchemas<T> = T extends readonly (infer E)[]
  ? SpecSchemas<E>[]
  : T extends object
    ? { [K in keyof T]: K extends 'inputSchema' ? Ours.ToolInputSchema : SpecSchemas<T[K]> }
    : T;

type CoreOf<S extends z.ZodType> = SpecSchemas<Wire<z.output<S>>>;

describe('the spec schema (2025-11-25) fits our types', () => {
  it('accepts tools and tool results', () => {
    expectTypeOf<Spec.Tool>().toExtend<Ours.Tool>();
    expectTypeOf<Spec.CallToolRequestParams>().toExtend<Ours.CallToolParams>();
    expectTypeOf<Spec.CallToolResult>().toExtend<Ours.CallToolResult>();
    expectTypeOf<Spec.ListToolsResult>().toExtend<Ours.ListToolsResult>();
  });

  it('accepts resources, prompts and completion', () => {
    expectTypeOf<Spec.Resource>().toExtend<Ours.Resource>();
    expectTypeOf<Spec.ResourceTemplate>().toExtend<Ours.ResourceTemplate>();
    expectTypeOf<Spec.ReadResourceResult>().toExtend<Ours.ReadResourceResult>();
    expectTypeOf<Spec.Prompt>().toExtend<Ours.Prompt>();
    expectTypeOf<Spec.GetPromptResult>().toExtend<Ours.GetPromptResult>();
    expectTypeOf<Spec.CompleteRequestParams>().toExtend<Ours.CompleteParams>();
    expectTypeOf<Spec.CompleteResult>().toExtend<Ours.CompleteResult>();
  });

  it('accepts the handshake and capabilities', () => {
    expectTypeOf<Spec.InitializeRequestParams>().toExtend<Ours.InitializeParams>();
    expectTypeOf<Spec.InitializeResult>().toExtend<Ours.InitializeResult>();
    expectTypeOf<Spec.ServerCapabilities>().toExtend<Ours.ServerCapabilities>();
    expectTypeOf<Spec.ClientCapabilities>().toExtend<Ours.ClientCapabilities>();
    expectTypeOf<Spec.Implementation>().toExtend<Ours.Implementation>();
  });

  it('accepts sampling, elicitation and roots', () => {
    expectTypeOf<Spec.CreateMessageRequestParams>().toExtend<Ours.CreateMessageParams>();
    expectTypeOf<Spec.CreateMessageResult>().toExtend<Ours.CreateMessageResult>();
    expectTypeOf<Spec.ElicitRequestParams>().toExtend<Ours.ElicitParams>();
    expectTypeOf<Spec.ElicitResult>().toExtend<Ours.ElicitResult>();
    expectTypeOf<Spec.ListRootsResult>().toExtend<Ours.ListRootsResult>();
  });

  it('accepts content blocks', () => {
    expectTypeOf<Spec.ContentBlock>().toExtend<Ours.ContentBlock>();
    expectTypeOf<Spec.SamplingMessageContentBlock>().toExtend<Ours.SamplingMessageContentBlock>();
    expectTypeOf<Spec.ResourceLink>().toExtend<Ours.ResourceLink>();
    expectTypeOf<Spec.EmbeddedResource>().toExtend<Ours.EmbeddedResource>();
  });

  it('accepts notifications and core tasks', () => {
    expectTypeOf<Spec.ProgressNotificationParams>().toExtend<Ours.ProgressParams>();
    expectTypeOf<Spec.CancelledNotificationParams>().toExtend<Ours.CancelledParams>();
    expectTypeOf<Spec.LoggingMessageNotificationParams>().toExtend<Ours.LoggingMessageParams>();
    expectTypeOf<Spec.Task>().toExtend<Ours.Task>();
    expectTypeOf<Spec.CreateTaskResult>().toExtend<Ours.CreateTaskResult>();
    expectTypeOf<Spec.GetTaskResult>().toExtend<Ours.GetTaskResult>();
    expectTypeOf<Spec.ListTasksResult>().toExtend<Ours.ListTasksResult>();
    expectTypeOf<Spec.TaskStatusNotificationParams>().toExtend<Ours.TaskStatusParams>();
  });
});

describe('the v1 SDK types (2025-11-25) fit our types', () => {
  it('accepts tools, resources and prompts', () => {
    expectTypeOf<Wire<V1.Tool>>().toExtend<Ours.Tool>();
    expectTypeOf<Wire<V1.CallToolResult>>().toExtend<Ours.CallToolResult>();
    expectTypeOf<Wire<V1.Resource>>().toExtend<Ours.Resource>();
    expectTypeOf<Wire<V1.ResourceTemplate>>().toExtend<Ours.ResourceTemplate>();
    expectTypeOf<Wire<V1.ReadResourceResult>>().toExtend<Ours.ReadResourceResult>();
    expectTypeOf<Wire<V1.Prompt>>().toExtend<Ours.Prompt>();
    expectTypeOf<Wire<V1.GetPromptResult>>().toExtend<Ours.GetPromptResult>();
    expectTypeOf<Wire<V1.CompleteResult>>().toExtend<Ours.CompleteResult>();
  });

  it('accepts the handshake and capabilities', () => {
    expectTypeOf<Wire<V1.InitializeResult>>().toExtend<Ours.InitializeResult>();
    expectTypeOf<Wire<V1.ServerCapabilities>>().toExtend<Ours.ServerCapabilities>();
    expectTypeOf<Wire<V1.ClientCapabilities>>().toExtend<Ours.ClientCapabilities>();
  });

  it('accepts sampling, elicitation and content blocks', () => {
    expectTypeOf<Wire<V1.CreateMessageRequestParams>>().toExtend<Ours.CreateMessageParams>();
    expectTypeOf<Wire<V1.CreateMessageResult>>().toExtend<Ours.CreateMessageResult>();
    expectTypeOf<Wire<V1.CreateMessageResultWithTools>>().toExtend<Ours.CreateMessageResult>();
    expectTypeOf<Wire<V1.ElicitRequestParams>>().toExtend<Ours.ElicitParams>();
    expectTypeOf<Wire<V1.ElicitResult>>().toExtend<Ours.ElicitResult>();
    expectTypeOf<Wire<V1.ContentBlock>>().toExtend<Ours.ContentBlock>();
  });
});

describe('the core 2.4 schemas (2026-07-28) fit our types', () => {
  it('accepts tools, resources and prompts', () => {
    expectTypeOf<CoreOf<typeof Core.ToolSchema>>().toExtend<Ours.Tool>();
    expectTypeOf<CoreOf<typeof Core.CallToolResultSchema>>().toExtend<Ours.CallToolResult>();
    expectTypeOf<CoreOf<typeof Core.ResourceSchema>>().toExtend<Ours.Resource>();
    expectTypeOf<CoreOf<typeof Core.ResourceTemplateSchema>>().toExtend<Ours.ResourceTemplate>();
    expectTypeOf<CoreOf<typeof Core.ReadResourceResultSchema>>().toExtend<Ours.ReadResourceResult>();
    expectTypeOf<CoreOf<typeof Core.PromptSchema>>().toExtend<Ours.Prompt>();
    expectTypeOf<CoreOf<typeof Core.GetPromptResultSchema>>().toExtend<Ours.GetPromptResult>();
    expectTypeOf<CoreOf<typeof Core.CompleteResultSchema>>().toExtend<Ours.CompleteResult>();
  });

  it('accepts capabilities, sampling, elicitation and content blocks', () => {
    expectTypeOf<CoreOf<typeof Core.InitializeResultSchema>>().toExtend<Ours.InitializeResult>();
    expectTypeOf<CoreOf<typeof Core.ServerCapabilitiesSchema>>().toExtend<Ours.ServerCapabilities>();
    expectTypeOf<CoreOf<typeof Core.ClientCapabilitiesSchema>>().toExtend<Ours.ClientCapabilities>();
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- sampling is deprecated in 2026-07-28 but still specified
    expectTypeOf<CoreOf<typeof Core.CreateMessageRequestParamsSchema>>().toExtend<Ours.CreateMessageParams>();
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- sampling is deprecated in 2026-07-28 but still specified
    expectTypeOf<CoreOf<typeof Core.CreateMessageResultSchema>>().toExtend<Ours.CreateMessageResult>();
    expectTypeOf<CoreOf<typeof Core.ElicitRequestParamsSchema>>().toExtend<Ours.ElicitParams>();
    expectTypeOf<CoreOf<typeof Core.ElicitResultSchema>>().toExtend<Ours.ElicitResult>();
    expectTypeOf<CoreOf<typeof Core.ContentBlockSchema>>().toExtend<Ours.ContentBlock>();
  });

  it('accepts the 2026-07-28 additions', () => {
    expectTypeOf<CoreOf<typeof Core.DiscoverResultSchema>>().toExtend<Ours.DiscoverResult>();
    expectTypeOf<CoreOf<typeof Core.SubscriptionFilterSchema>>().toExtend<Ours.SubscriptionFilter>();
    expectTypeOf<CoreOf<typeof Core.SubscriptionsListenRequestParamsSchema>>().toExtend<Ours.SubscriptionsListenParams>();
    expectTypeOf<CoreOf<typeof Core.SubscriptionsListenResultSchema>>().toExtend<Ours.SubscriptionsListenResult>();
    expectTypeOf<
      CoreOf<typeof Core.SubscriptionsAcknowledgedNotificationParamsSchema>
    >().toExtend<Ours.SubscriptionsAcknowledgedParams>();
    expectTypeOf<SpecSchemas<Wire<ServerInputRequiredResult>>>().toExtend<Ours.InputRequiredResult>();
  });
});

describe('the comparisons are not vacuous', () => {
  it('compares real types, not any', () => {
    expectTypeOf<Spec.Tool>().not.toBeAny();
    expectTypeOf<V1.Tool>().not.toBeAny();
    expectTypeOf<CoreOf<typeof Core.ToolSchema>>().not.toBeAny();
    expectTypeOf<ServerInputRequiredResult>().not.toBeAny();
  });

  it('rejects shapes the spec forbids', () => {
    expectTypeOf<{ isError: boolean }>().not.toExtend<Ours.CallToolResult>();
    expectTypeOf<{ type: 'video'; data: string }>().not.toExtend<Ours.ContentBlock>();
    expectTypeOf<{ name: string; inputSchema: { type: 'array' } }>().not.toExtend<Ours.Tool>();
    expectTypeOf<{ action: 'maybe' }>().not.toExtend<Ours.ElicitResult>();
  });
});
