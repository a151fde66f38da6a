/**
 * `mcpkit chat`: one model, the servers of a config, and the loop between
 * them (the `Host` of `mcpkit/host`). Interactive at a terminal; `--once`
 * answers one question and exits (the answer on stdout, or the whole
 * transcript with `--json`). Exit codes: 0 answered, 2 bad usage or config,
 * 3 the model's API failed, 124 timeout, 130 interrupted.
 *
 * @module
 */
import { dirname, join } from 'node:path';
import {
  ConfigError,
  defaultLogDir,
  Host,
  loadConfigFile,
  ModelApiError,
  splitModelSpec,
  type HostConfig,
  type Transcript,
} from 'mcpkit/host';
import type { LoggingLevel } from 'mcpkit/protocol';
import { parseChatArgs, type ChatSettings } from '../chat/chatOptions.js';
import { eventRenderer } from '../chat/chatRender.js';
import { LineReader } from '../chat/lineReader.js';
import { runRepl, SLASH_COMMANDS } from '../chat/repl.js';
import { terminalApprover, terminalElicitation, terminalInput } from '../chat/terminalHandlers.js';
import type { Ask } from '../elicitForm.js';
import { CliError, ExitCode, UsageError } from '../exitCodes.js';
import { messageFor } from '../failure.js';
import type { Io } from '../io.js';
import { version } from '../version.js';
import { printJson, type Command } from './command.js';

function help(): string {
  return `Usage:
  mcpkit chat [--config FILE] [--server NAME]... --model PROVIDER/MODEL [options]
  mcpkit chat ... --once PROMPT [--json]

Talks to a model that can use the tools of every server in a config file.
At a terminal: a conversation, answers streamed, tool calls shown as they run
and approved at the prompt. With --once: one question, the answer on stdout.

Servers:
  -c, --config FILE        The config (Claude Desktop, Claude Code .mcp.json,
                           Cursor, VS Code mcp.json...). Without it: ./.mcp.json,
                           then ./.vscode/mcp.json, then Claude Desktop's config
  -s, --server NAME        Only this server (repeatable)
      --root DIR           Offer DIR as a root besides the working directory
      --log-dir DIR        Where each server's stderr is logged
      --log-level LEVEL    Ask servers for log messages at LEVEL and up

Model:
  -m, --model P/MODEL      anthropic/MODEL (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL)
                           or openai/MODEL (OPENAI_API_KEY, OPENAI_BASE_URL: also
                           Ollama, llama.cpp, vLLM, LM Studio); default $MCPKIT_MODEL
      --small-model P/M    A faster model for sampling requests that prefer speed
      --base-url URL       The API endpoint (beats the environment)
      --system TEXT        The system prompt
      --max-turns N        Model calls per question (default 20)
      --max-tokens N       Tokens per answer (default 4096)

Permissions (deny wins; tool annotations never grant anything):
      --allow SERVER[/TOOL]  Run without asking (repeatable)
      --deny SERVER[/TOOL]   Never run (repeatable)
      --trust-read-only      Run tools that say they are read-only without asking
      --approve MODE         What to do with the rest when nobody can be asked:
                             all, read-only, none (default: ask at a terminal;
                             without one, none)

Output:
      --once PROMPT        Answer one question and exit
      --json               With --once: the transcript as one JSON object
  -t, --timeout DURATION   Give up after this long (exit 124)
  -v, --verbose            Show the servers' stderr too
  -q, --quiet              Only the answer and errors

Commands at the prompt: /tools, /servers, /prompt NAME [k=v ...], /read URI,
/clear, /help, /exit. Ctrl-C cancels the answer or tool call in flight.

Examples:
  mcpkit chat --model anthropic/claude-sonnet-4-5
  mcpkit chat -c .mcp.json --model openai/gpt-4.1 --once "What is in notes.txt?" --approve read-only
  OPENAI_BASE_URL=http://localhost:11434/v1 mcpkit chat --model openai/llama3.2

Exit codes:
  0    answered
  2    bad usage or config
  3    the model's API failed (bad key, unknown model, unreachable, overloaded)
  124  timed out (--timeout)
  130  interrupted (Ctrl-C)
`;
}

async function loadConfig(settings: ChatSettings, ask: Ask | undefined, io: Io): Promise<HostConfig> {
  try {
    const config = await loadConfigFile({
      file: settings.config,
      servers: settings.servers,
      ...(ask !== undefined && { askInput: terminalInput(ask) }),
    });
    if (!settings.quiet)
      for (const w of config.warnings)
        io.stderr(`mcpkit: warning: ${w.file ?? ''}${w.server === undefined ? '' : `: server "${w.server}"`}: ${w.message}\n`);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message, 'chat');
    throw error;
  }
}

/** Why a question ended early, as an exit. */
function failure(error: unknown): CliError {
  if (error instanceof ModelApiError)
    return new CliError(ExitCode.Server, `the model's API failed: ${error.message}`, { cause: error });
  if (error instanceof CliError) return error;
  return new CliError(ExitCode.Error, messageFor(error), { cause: error });
}

function transcriptJson(host: Host, transcript: Transcript): unknown {
  return { ...transcript, servers: host.servers() };
}

async function run(args: readonly string[], io: Io): Promise<ExitCode> {
  const settings = parseChatArgs(args);
  if (settings === undefined) {
    io.stdout(help());
    return ExitCode.Ok;
  }
  try {
    splitModelSpec(settings.model);
  } catch (error) {
    throw new UsageError(messageFor(error), 'chat');
  }
  const repl =
    settings.once === undefined
      ? new LineReader({
          historyFile: join(dirname(defaultLogDir()), 'chat_history'),
          completer: (line) => [SLASH_COMMANDS.filter((c) => c.startsWith(line)), line],
        })
      : undefined;
  const ask: Ask | undefined = repl !== undefined ? (repl.interactive ? (q) => repl.read(q) : undefined) : io.ask;
  try {
    const config = await loadConfig(settings, ask, io);
    return await chat(settings, config, io, ask, repl);
  } finally {
    repl?.close();
  }
}

async function chat(
  settings: ChatSettings,
  config: HostConfig,
  io: Io,
  ask: Ask | undefined,
  repl: LineReader | undefined,
): Promise<ExitCode> {
  const write = (text: string): void => {
    io.stderr(text);
  };
  const controller = { current: new AbortController() };
  let stop: 'timeout' | 'interrupted' | undefined;
  const render = eventRenderer(io, { verbose: settings.verbose, quiet: settings.quiet, streamText: repl !== undefined });
  const host = new Host({
    servers: config,
    model: settings.model,
    ...(settings.smallModel !== undefined && { smallModel: settings.smallModel }),
    ...(settings.baseUrl !== undefined && { endpoint: { baseUrl: settings.baseUrl } }),
    policy: {
      ...settings.policy,
      ...(ask !== undefined && settings.approve === undefined && { approver: terminalApprover(ask, write) }),
    },
    ...(ask !== undefined && { elicitation: terminalElicitation(ask, write) }),
    rootDirs: settings.roots,
    ...(settings.logDir !== undefined && { logDir: settings.logDir }),
    ...(settings.logLevel !== undefined && { logLevel: settings.logLevel as LoggingLevel }),
    ...(settings.maxTurns !== undefined && { maxTurns: settings.maxTurns }),
    ...(settings.maxTokens !== undefined && { maxTokens: settings.maxTokens }),
    ...(settings.system !== undefined && { system: settings.system }),
    clientInfo: { name: 'mcpkit-chat', version: version() },
    onEvent: render,
  });
  const halt = (why: 'timeout' | 'interrupted'): void => {
    stop ??= why;
    controller.current.abort();
  };
  const onSigint = (): void => {
    // A terminal's Ctrl-C goes to the line editor (see interactive); this is a signal from elsewhere, or piped input.
    if (stop === 'interrupted') process.exit(ExitCode.Interrupted);
    halt('interrupted');
    repl?.close();
  };
  process.on('SIGINT', onSigint);
  const timer = settings.timeoutMs === undefined ? undefined : setTimeout(halt, settings.timeoutMs, 'timeout');
  try {
    await host.start();
    if (repl !== undefined) return await interactive(host, io, repl, controller, () => stop);
    const transcript = await host.ask(settings.once ?? '', { signal: controller.current.signal }).catch((error: unknown) => {
      throw failure(error);
    });
    if (settings.json) printJson(io, transcriptJson(host, transcript));
    else if (transcript.answer !== '') io.stdout(transcript.answer.endsWith('\n') ? transcript.answer : `${transcript.answer}\n`);
    if (stop === 'timeout') throw new CliError(ExitCode.Timeout, `timed out after ${String(settings.timeoutMs)} ms (--timeout)`);
    if (stop === 'interrupted') throw new CliError(ExitCode.Interrupted, 'interrupted');
    if (transcript.stopReason === 'max_turns' && !settings.quiet)
      io.stderr(`mcpkit: stopped after ${String(transcript.turns)} model calls (--max-turns)\n`);
    return ExitCode.Ok;
  } finally {
    clearTimeout(timer);
    await host.close();
    process.off('SIGINT', onSigint);
  }
}

async function interactive(
  host: Host,
  io: Io,
  lines: LineReader,
  controller: { current: AbortController },
  stopped: () => string | undefined,
): Promise<ExitCode> {
  let busy = false;
  let warned = false;
  lines.onInterrupt(() => {
    if (busy) {
      io.stderr('\n(cancelling…)\n');
      controller.current.abort();
    } else if (warned) lines.close();
    else {
      warned = true;
      io.stderr('\n(Ctrl-C again, Ctrl-D or /exit to leave)\n');
      void lines.read('you> ');
    }
  });
  const code = await runRepl({
    host,
    io,
    lines,
    turn: async (work) => {
      busy = true;
      warned = false;
      if (controller.current.signal.aborted) controller.current = new AbortController();
      try {
        return await work(controller.current.signal);
      } finally {
        busy = false;
      }
    },
    report: (error) => {
      io.stderr(`mcpkit: ${failure(error).message}\n`);
    },
  });
  return stopped() === 'timeout' ? ExitCode.Timeout : code;
}

/** `mcpkit chat`. */
export const chatCommand: Command = {
  name: 'chat',
  synopsis: 'chat [--config FILE] --model P/M',
  summary: 'Talk to a model that uses the tools of your servers',
  help,
  run,
};
