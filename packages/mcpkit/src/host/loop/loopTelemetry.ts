/**
 * The host's own spans, after the generative-AI semantic conventions: one
 * `invoke_agent` span per question, a `chat {model}` span per model call and
 * an `execute_tool {tool}` span per tool execution, each run with its span
 * active so that the MCP client span of the call (and, through `_meta`, the
 * server's span) nests beneath it: one trace from the question to every
 * server it touched. Without a tracer provider every function here runs its
 * work as is.
 *
 * @see https://opentelemetry.io/docs/specs/semconv/gen-ai/gen-ai-spans/
 * @module
 */
import {
  instrumentsOf,
  ROOT_CONTEXT,
  withSpan,
  type Attributes,
  type Instruments,
  type SpanLike,
  type TelemetryOptions,
} from '../../telemetry/index.js';
import type { ModelResponse, ToolUseBlock } from '../model/types.js';

const KIND_INTERNAL = 0;
const KIND_CLIENT = 2;
const STATUS_ERROR = 2;

/** The host's tracing, or nothing. */
export class LoopTracing {
  readonly #i: Instruments | undefined;

  constructor(telemetry: TelemetryOptions | undefined) {
    const i = instrumentsOf(telemetry);
    this.#i = i?.tracer === undefined ? undefined : i;
  }

  /** Runs `work` inside span `name`; `end` adds what its result says (attributes, an error type). */
  async #within<T>(
    name: string,
    kind: number,
    attributes: Attributes,
    work: () => Promise<T>,
    end: (value: T) => { readonly attributes?: Attributes; readonly error?: string },
  ): Promise<T> {
    const i = this.#i;
    if (i?.tracer === undefined) return work();
    const active = i.contextManager?.active() ?? ROOT_CONTEXT;
    const span = i.tracer.startSpan(name, { kind, attributes }, active);
    const context = withSpan(active, span);
    try {
      const value = await (i.contextManager === undefined ? work() : i.contextManager.with(context, work));
      const ended = end(value);
      set(span, ended.attributes ?? {});
      if (ended.error !== undefined) {
        span.setAttribute('error.type', ended.error);
        span.setStatus({ code: STATUS_ERROR });
      }
      return value;
    } catch (error) {
      span.setAttribute('error.type', errorType(error));
      span.setStatus({ code: STATUS_ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  }

  /** The whole question: the parent of its model calls and tool executions. */
  agent<T>(work: () => Promise<T>): Promise<T> {
    return this.#within(
      'invoke_agent mcpkit',
      KIND_INTERNAL,
      { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'mcpkit' },
      work,
      () => ({}),
    );
  }

  /** One model call. */
  chat(provider: string, model: string, work: () => Promise<ModelResponse>): Promise<ModelResponse> {
    return this.#within(
      `chat ${model}`,
      KIND_CLIENT,
      { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': provider, 'gen_ai.request.model': model },
      work,
      (response) => ({
        attributes: {
          'gen_ai.response.model': response.model,
          'gen_ai.response.finish_reasons': [response.stopReason],
          'gen_ai.usage.input_tokens': response.usage.inputTokens,
          'gen_ai.usage.output_tokens': response.usage.outputTokens,
        },
      }),
    );
  }

  /** One tool execution; `outcome` reads how it ended (`ok`, or why not). */
  tool<T>(use: ToolUseBlock, tool: string, work: () => Promise<T>, outcome: (value: T) => string): Promise<T> {
    return this.#within(
      `execute_tool ${tool}`,
      KIND_INTERNAL,
      {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': tool,
        'gen_ai.tool.call.id': use.id,
        'gen_ai.tool.type': 'extension',
      },
      work,
      (value) => {
        const how = outcome(value);
        return how === 'ok' ? {} : { error: how };
      },
    );
  }
}

function set(span: SpanLike, attributes: Attributes): void {
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) span.setAttribute(key, value);
}

function errorType(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' || typeof code === 'number') return String(code);
    if (error instanceof Error) return error.name;
  }
  return '_OTHER';
}
