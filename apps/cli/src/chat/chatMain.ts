/**
 * `mcpkit chat`'s work, loaded only when the command runs: the host (and
 * with it the providers and the loop) stays out of every other command's
 * start-up.
 *
 * @module
 */
import { telemetryOption } from '../telemetry/index.js';
import { dirname, join } from 'node:path';
import {
  ConfigError,
  defaultLogDir,
  NodeHost,
  loadConfigFile,
  ModelApiError,
  splitModelSpec,
  type HostConfig,
  type Transcript,
} from 'mcpkit/host';
import type { LoggingLevel } from 'mcpkit/protocol';
import { refreshFailed } from '../authSettings.js';
import type { Ask } from '../elicitForm.js';
import { CliError, ExitCode, UsageError } from '../exitCodes.js';
import { messageFor } from '../failure.js';
import type { Io } from '../io.js';
import { version } from '../version.js';
import { printJson } from '../commands/command.js';
import { withChatOAuth } from './chatOAuth.js';
import type { ChatSettings } from './chatOptions.js';
import { eventRenderer } from './chatRender.js';
import { ChatApps } from './chatApps.js';
import { LineReader } from './lineReader.js';
import { runRepl, SLASH_COMMANDS } from './repl.js';
import { notUpNotice } from './serverLines.js';
import { askSecret, terminalApprover, terminalElicitation, terminalInput } from './terminalHandlers.js';
import { terminalTrust, untrustedNote } from './trustQuestion.js';

/** How the chat asks: questions and secrets, through its one reader when it has one. */
interface Asking {
  readonly ask: Ask;
  readonly secret: Ask;
}

async function loadConfig(settings: ChatSettings, asking: Asking | undefined, io: Io): Promise<HostConfig> {
  const write = (text: string): void => {
    io.stderr(text);
  };
  const trustProject = settings.trustProject
    ? () => 'once' as const
    : asking === undefined
      ? undefined
      : terminalTrust(asking.ask, write);
  try {
    const config = await loadConfigFile({
      file: settings.config,
      servers: settings.servers,
      ...(asking !== undefined && { askInput: terminalInput(asking.ask, asking.secret) }),
      ...(trustProject !== undefined && { trustProject }),
    });
    // Said even with --quiet: it is why the tools the user expects are missing.
    if (config.untrusted !== undefined && config.untrusted.length > 0)
      io.stderr(untrustedNote(config.file, config.untrusted, asking !== undefined));
    if (!settings.quiet)
      for (const w of config.warnings)
        io.stderr(`mcpkit: warning: ${w.file ?? ''}${w.server === undefined ? '' : `: server "${w.server}"`}: ${w.message}\n`);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message, 'chat');
    throw error;
  }
}

/** Refuses rules that match nothing (a typo in --deny would let the tool it meant run), naming the closest tool. */
function checkRules(host: NodeHost, settings: ChatSettings): void {
  const problems = host.checkRules();
  if (problems.length === 0) return;
  const fromFlags = (rule: string): boolean =>
    Object.hasOwn(settings.policy.tools ?? {}, rule) || Object.hasOwn(settings.policy.servers ?? {}, rule);
  const lines = problems.map((p) =>
    fromFlags(p.rule)
      ? `--${p.decision} ${p.rule} ${p.message}`
      : `alwaysAllow ${JSON.stringify(p.rule.slice(p.server.length + 1))} of server "${p.server}" in the config ${p.message}`,
  );
  throw new UsageError(lines.join('\n'), 'chat');
}

/** Why a question ended early, as an exit. */
function failure(error: unknown): CliError {
  if (error instanceof ModelApiError)
    return new CliError(ExitCode.Server, `the model's API failed: ${error.message}`, { cause: error });
  if (error instanceof CliError) return error;
  return new CliError(ExitCode.Error, messageFor(error), { cause: error });
}

function transcriptJson(host: NodeHost, transcript: Transcript): unknown {
  return { ...transcript, servers: host.servers(), context: host.toolContext() };
}

/** `--disable`/`--enable`, in order; one naming nothing is a usage error (with the closest name). */
function applySwitches(host: NodeHost, settings: ChatSettings): void {
  for (const s of settings.switches)
    try {
      host.setToolsEnabled(s.target, s.enabled);
    } catch (error) {
      throw new UsageError(`--${s.enabled ? 'enable' : 'disable'} ${s.target}: ${messageFor(error)}`, 'chat');
    }
}

/** Runs `mcpkit chat` with parsed settings. */
export async function runChat(settings: ChatSettings, io: Io): Promise<ExitCode> {
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
  // Secrets through the one reader (echo off); with --once nothing else reads stdin, and askSecret is that one reader.
  const asking: Asking | undefined =
    ask === undefined ? undefined : { ask, secret: repl !== undefined ? (q) => repl.readSecret(q) : askSecret };
  try {
    const config = await withChatOAuth(await loadConfig(settings, asking, io), settings.auth);
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
  const policy = {
    ...settings.policy,
    ...(ask !== undefined && settings.approve === undefined && { approver: terminalApprover(ask, write) }),
  };
  let started = false;
  const host = new NodeHost({
    servers: config,
    model: settings.model,
    ...(settings.smallModel !== undefined && { smallModel: settings.smallModel }),
    ...(settings.baseUrl !== undefined && { endpoint: { baseUrl: settings.baseUrl } }),
    policy,
    ...(ask !== undefined && { elicitation: terminalElicitation(ask, write) }),
    rootDirs: settings.roots,
    auth: {
      openBrowser: !settings.noBrowser,
      callbackPort: settings.callbackPort,
      // The URL is the way in when no browser opened: printed even with --quiet.
      onUrl: (server, url, opened) => {
        write(
          `mcpkit: server ${server} needs authorization; ${opened ? 'opened your browser; if it did not appear, open' : 'open'}:\n  ${url.href}\n`,
        );
      },
      onEvent: (server, event) => {
        if (event.type === 'refresh_failed') write(`mcpkit: server ${server}: ${refreshFailed(event.server, event.reason)}\n`);
      },
    },
    // Start-up is bounded by --start-timeout, and by --timeout too: the whole run is.
    startWaitMs: Math.min(settings.startTimeoutMs, settings.timeoutMs ?? Infinity),
    ...(settings.logDir !== undefined && { logDir: settings.logDir }),
    ...(settings.logLevel !== undefined && { logLevel: settings.logLevel as LoggingLevel }),
    ...(settings.maxTurns !== undefined && { maxTurns: settings.maxTurns }),
    ...(settings.maxTokens !== undefined && { maxTokens: settings.maxTokens }),
    ...(settings.system !== undefined && { system: settings.system }),
    ...((config.toolSearch !== undefined || Object.keys(settings.toolSearch).length > 0) && {
      toolSearch: { ...config.toolSearch, ...settings.toolSearch },
    }),
    clientInfo: { name: 'mcpkit-chat', version: version() },
    ...telemetryOption(),
    onEvent: (event) => {
      // Before the start, checkRules() reports unmatched rules as an error; later, a list change is a warning.
      if (event.type !== 'policy-rule-unmatched' || started) render(event);
    },
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
    checkRules(host, settings);
    applySwitches(host, settings);
    started = true;
    if (!settings.quiet) write(notUpNotice(host.servers(), repl !== undefined));
    if (repl !== undefined) {
      const apps = new ChatApps(host, io, {
        policy,
        openBrowser: !settings.noBrowser,
        verbose: settings.verbose,
        messages: settings.approve === 'all' ? 'all' : ask !== undefined && settings.approve === undefined ? { ask } : 'none',
      });
      try {
        return await interactive(host, io, repl, controller, () => stop, apps);
      } finally {
        await apps.close();
      }
    }
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
  host: NodeHost,
  io: Io,
  lines: LineReader,
  controller: { current: AbortController },
  stopped: () => string | undefined,
  apps: ChatApps,
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
    apps,
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
