/**
 * The runtime-neutral host: configs in every dialect, servers managed with
 * restarts and timeouts, one tool registry with model-safe names, a policy,
 * model providers (Anthropic Messages, OpenAI Chat Completions) over `fetch`,
 * and the loop. It reaches HTTP servers itself; on Node, `mcpkit/host` adds
 * processes (stdio), config files and discovery, and server logs.
 *
 * @module
 */
export { Host } from './host.js';
export type { AskOptions, HostOptions } from './hostOptions.js';
export { Conversation, resourceBlocks } from './conversation.js';
export type { HostPrompt, HostResource, ServerStatus } from './catalog.js';
export { ModelApiError, type ModelApiFailure } from './errors.js';
export * from './config/index.js';
export type { Connector, ConnectorHooks } from './servers/connector.js';
export { transportFor, type ServerAuth, type TransportOptions } from './servers/transportFor.js';
export { restartDelay, type RestartPolicy } from './servers/restartPolicy.js';
export { assignToolNames, baseToolName, MODEL_TOOL_NAME, type ToolKey } from './registry/toolNames.js';
export { ToolRegistry, type HostTool } from './registry/toolRegistry.js';
export {
  MAX_FIELD_CHARS,
  MAX_QUERY_CHARS,
  MAX_QUERY_TERMS,
  ToolIndex,
  tokenize,
  type SearchDocument,
  type SearchHit,
  type SearchOptions,
} from './context/toolIndex.js';
export { CHARS_PER_TOKEN, estimateTokens, toolTokens } from './context/tokens.js';
export { DEFAULT_TOOL_SEARCH_THRESHOLD, type ToolOffer } from './context/toolOffer.js';
export { SEARCH_TOOL_NAME } from './context/searchTool.js';
export type { ServerToolCost, ToolContextReport } from './context/toolContext.js';
export { ToolSwitches, type ToolLists } from './context/toolSwitches.js';
export {
  approveToolCall,
  decideSampling,
  decideTool,
  type ApprovalRequest,
  type ApproveMode,
  type Approver,
  type Decision,
  type PolicyOptions,
  type ServerRules,
} from './policy/policy.js';
export { closest, editDistance, unmatchedRules, type KnownTools, type RuleProblem } from './policy/ruleCheck.js';
export type { HostEvent, HostEventListener, ServerState, ToolCallOutcome, ToolCallRecord } from './loop/events.js';
export type { Transcript, TranscriptStop } from './loop/loop.js';
export { modelContent, type ResultBudget } from './loop/toolResult.js';
export { pickModel, type SamplingModels } from './loop/sampling.js';
export { AnthropicProvider, anthropicFromEnv, type AnthropicOptions } from './model/anthropic.js';
export { OpenAiProvider, openAiFromEnv, type OpenAiOptions } from './model/openai.js';
export {
  resolveModel,
  splitModelSpec,
  PROVIDERS,
  type ModelChoice,
  type ModelEndpoint,
  type ModelSpec,
} from './model/modelSpec.js';
export type {
  ImageBlock,
  ModelBlock,
  ModelCallOptions,
  ModelMessage,
  ModelProvider,
  ModelRequest,
  ModelResponse,
  ModelTool,
  ProviderBlock,
  RetryInfo,
  ModelStopReason,
  TextBlock,
  ToolResultBlock,
  ToolUseBlock,
  Usage,
} from './model/types.js';
