/**
 * Running one tool call the model asked for: resolve its name, ask the
 * policy, call the server (progress reported, cancellation passed on), and
 * turn whatever happens into a result block for the model and a record for
 * the transcript. A tool call never throws: an unknown name, a denial, a dead
 * or hung server, a protocol error and a cancellation are all results the
 * model can read.
 *
 * @module
 */
import type { LoopTracing } from './loopTelemetry.js';
import { LocalError, RpcError } from '../../jsonrpc/index.js';
import type { CallToolResult } from '../../protocol/index.js';
import type { ToolResultBlock, ToolUseBlock } from '../model/types.js';
import { approveToolCall, type PolicyOptions } from '../policy/policy.js';
import type { HostTool } from '../registry/toolRegistry.js';
import type { ManagedServer } from '../servers/managedServer.js';
import type { HostEvent, ToolCallOutcome, ToolCallRecord } from './events.js';
import { modelContent, type ResultBudget } from './toolResult.js';

/** What a tool call needs from the host. */
export interface ToolRunnerContext {
  readonly resolve: (name: string) => HostTool | undefined;
  readonly server: (name: string) => ManagedServer | undefined;
  readonly policy: PolicyOptions;
  readonly budget: ResultBudget;
  readonly emit: (event: HostEvent) => void;
  readonly signal: AbortSignal | undefined;
  /** The host's spans: the execution runs inside its `execute_tool` span. */
  readonly tracing?: LoopTracing | undefined;
}

/** A finished call: what the model reads and what the transcript keeps. */
export interface ToolRun {
  readonly block: ToolResultBlock;
  readonly record: ToolCallRecord;
}

function errorRun(
  use: ToolUseBlock,
  entry: HostTool | undefined,
  outcome: ToolCallOutcome,
  error: string,
  started: number,
): ToolRun {
  return {
    block: { type: 'tool_result', toolUseId: use.id, content: [{ type: 'text', text: error }], isError: true },
    record: {
      id: use.id,
      name: use.name,
      ...(entry !== undefined && { server: entry.server, tool: entry.tool.name }),
      arguments: use.input,
      outcome,
      error,
      durationMs: Date.now() - started,
    },
  };
}

/** Why a call failed, told so the model can act on it. */
function describeFailure(server: string, error: unknown): { outcome: ToolCallOutcome; message: string } {
  if (error instanceof LocalError) {
    switch (error.code) {
      case 'CANCELLED':
        return { outcome: 'cancelled', message: 'The call was cancelled by the user.' };
      case 'REQUEST_TIMEOUT':
        return {
          outcome: 'failed',
          message: `The server ${server} did not answer in time; the call was cancelled. (${error.message})`,
        };
      case 'CONNECTION_CLOSED':
      case 'TRANSPORT_FAILED':
        return {
          outcome: 'failed',
          message: `The server ${server} is unavailable: ${error.message}. The host restarts it; try again later.`,
        };
      default:
        return { outcome: 'failed', message: `The call to ${server} failed: ${error.message}` };
    }
  }
  if (error instanceof RpcError)
    return {
      outcome: 'failed',
      message: `The server ${server} refused the call (error ${String(error.code)}): ${error.message}`,
    };
  return {
    outcome: 'failed',
    message: `The call to ${server} failed: ${error instanceof Error ? error.message : String(error)}`,
  };
}

/** Runs one tool call; never rejects. */
export function runToolUse(use: ToolUseBlock, ctx: ToolRunnerContext): Promise<ToolRun> {
  const tracing = ctx.tracing;
  if (tracing === undefined) return run(use, ctx);
  return tracing.tool(
    use,
    use.name,
    () => run(use, ctx),
    (done) =>
      done.record.outcome === 'ok' && done.block.isError !== true
        ? 'ok'
        : done.record.outcome === 'ok'
          ? 'tool_error'
          : done.record.outcome,
  );
}

async function run(use: ToolUseBlock, ctx: ToolRunnerContext): Promise<ToolRun> {
  const started = Date.now();
  const entry = ctx.resolve(use.name);
  if (entry === undefined)
    return finish(ctx, errorRun(use, undefined, 'invalid', `There is no tool named ${use.name}.`, started));
  if (use.inputError !== undefined)
    return finish(ctx, errorRun(use, entry, 'invalid', `The call was not made: ${use.inputError}.`, started));
  const { server, tool } = entry;
  ctx.emit({ type: 'tool-call-started', id: use.id, name: use.name, server, tool: tool.name, arguments: use.input });
  const allowed = await approveToolCall(ctx.policy, {
    kind: 'tool',
    server,
    tool: tool.name,
    name: use.name,
    arguments: use.input,
    annotations: tool.annotations,
  }).catch(() => false);
  if (!allowed)
    return finish(
      ctx,
      errorRun(
        use,
        entry,
        'denied',
        `The user's policy did not allow calling ${tool.name} on ${server}; the call was not made.`,
        started,
      ),
    );
  if (ctx.signal?.aborted === true)
    return finish(ctx, errorRun(use, entry, 'cancelled', 'The call was cancelled by the user.', started));
  let result: CallToolResult;
  try {
    const managed = ctx.server(server);
    if (managed === undefined) throw new LocalError('CONNECTION_CLOSED', `server ${server} is gone`);
    result = await managed.callTool(tool.name, use.input, {
      ...(ctx.signal !== undefined && { signal: ctx.signal }),
      onProgress: (p) => {
        ctx.emit({
          type: 'tool-call-progress',
          id: use.id,
          progress: p.progress,
          ...(p.total !== undefined && { total: p.total }),
          ...(p.message !== undefined && { message: p.message }),
        });
      },
    });
  } catch (error) {
    const { outcome, message } = describeFailure(
      server,
      wasAborted(ctx.signal) ? new LocalError('CANCELLED', 'cancelled') : error,
    );
    return finish(ctx, errorRun(use, entry, outcome, message, started));
  }
  const { outputIssues: _issues, ...plain } = result as CallToolResult & { outputIssues?: unknown };
  return finish(ctx, {
    block: {
      type: 'tool_result',
      toolUseId: use.id,
      content: modelContent(plain, ctx.budget),
      ...(plain.isError === true && { isError: true }),
    },
    record: {
      id: use.id,
      name: use.name,
      server,
      tool: tool.name,
      arguments: use.input,
      outcome: 'ok',
      result: plain,
      durationMs: Date.now() - started,
    },
  });
}

/** True once `signal` fired (a function, so the compiler does not narrow it across awaits). */
function wasAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

function finish(ctx: ToolRunnerContext, run: ToolRun): ToolRun {
  ctx.emit({ type: 'tool-call-finished', record: run.record });
  return run;
}
