/**
 * `mcpkit inspect [server]`: serves the inspector's web UI on loopback,
 * connected to the server given (or showing the connect form), prints its
 * URL (with the token) and opens a browser where there is one. The inspector
 * is loaded only here, so other commands start no slower for it.
 *
 * @module
 */
import { telemetryOption } from '../telemetry/index.js';
import { parseArgs } from 'node:util';
import { hasBrowser, openBrowser } from 'mcpkit/node';
import { isLoopbackHost } from 'mcpkit/protocol';
import { cliAuthForAll, parseAuthSettings } from '../authSettings.js';
import { CLIENT_OPTIONS, parseClientArgs } from '../clientArgs.js';
import { CliError, ExitCode, UsageError } from '../exitCodes.js';
import { specOf, namesTarget } from '../inspectTarget.js';
import type { Io } from '../io.js';
import { CLIENT_OPTIONS_HELP } from '../usage.js';
import type { Command } from './command.js';

const OPTIONS = {
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  'no-open': { type: 'boolean' },
} as const;

function help(): string {
  return `Usage:
  mcpkit inspect [server] [--port N] [--host ADDR] [--no-open] [options]

Serves the inspector, a web UI for MCP servers, at http://127.0.0.1:6274 and
opens it in a browser (--no-open: only print the URL). With a server, it is
connected at start; without one, the page shows a connect form. Several
servers can be open side by side. The UI shows every message on the wire,
runs tools from forms made from their schemas, reads resources, gets
prompts, answers sampling and elicitation, and records sessions to replay
(see mcpkit replay).

The URL carries a random token: the UI's API refuses requests without it,
and requests from other web pages (Origin) or names (Host).

Options:
  -p, --port <n>            The port (default 6274; 0 picks a free one)
      --host <addr>         The address to bind (default 127.0.0.1). Anything
                            but loopback exposes the inspector, which runs
                            commands, to the network: only on a trusted one
      --no-open             Do not open a browser

${CLIENT_OPTIONS_HELP.replace(/Server \(exactly one\):/, 'Server (optional):')}
Examples:
  mcpkit inspect -- npx -y @modelcontextprotocol/server-everything
  mcpkit inspect http://127.0.0.1:3000/mcp --no-open
  mcpkit inspect
`;
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return 6274;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port needs a port number (0 to 65535), not ${JSON.stringify(text)}`, 'inspect');
  return port;
}

async function run(args: readonly string[], io: Io): Promise<ExitCode> {
  let values: Readonly<Record<string, unknown>>;
  let targets: Parameters<typeof specOf>[0][] = [];
  let era: Parameters<typeof specOf>[1] = 'auto';
  if (namesTarget(args)) {
    const parsed = parseClientArgs(args, 'inspect', OPTIONS, 0);
    if (parsed.settings === undefined) {
      io.stdout(help());
      return ExitCode.Ok;
    }
    if (parsed.positionals.length > 0)
      throw new UsageError(`unexpected argument ${JSON.stringify(parsed.positionals[0])}`, 'inspect');
    values = parsed.values;
    targets = [{ server: parsed.settings.server, label: parsed.settings.label }];
    era = parsed.settings.era;
  } else {
    try {
      values = parseArgs({
        args: [...args],
        options: { ...CLIENT_OPTIONS, ...OPTIONS },
        allowPositionals: false,
        strict: true,
      }).values;
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error), 'inspect');
    }
    if (values['help'] === true) {
      io.stdout(help());
      return ExitCode.Ok;
    }
  }
  const port = parsePort(values['port'] as string | undefined);
  const host = (values['host'] as string | undefined) ?? '127.0.0.1';
  const auth = parseAuthSettings(values as Parameters<typeof parseAuthSettings>[0], 'inspect');
  const inspector = await import('@mcpkit/inspector');
  let running: Awaited<ReturnType<typeof inspector.startInspector>>;
  try {
    running = await inspector.startInspector({
      port,
      host,
      targets: targets.map((t) => specOf(t, era)),
      ...telemetryOption(),
      // Each HTTP connection authorizes by itself when its server asks (OAuth), unless it carries its own Authorization header.
      auth: await cliAuthForAll(auth, io, false),
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE') throw new CliError(ExitCode.Error, `port ${String(port)} is in use: choose another with --port`);
    throw error;
  }
  if (!isLoopbackHost(host))
    io.stderr(`mcpkit: the inspector listens on ${host}, beyond this machine: anyone with the URL can run commands here\n`);
  for (const failure of running.startErrors)
    io.stderr(`mcpkit: could not connect: ${failure.error instanceof Error ? failure.error.message : String(failure.error)}\n`);
  io.stdout(`mcpkit inspector: ${running.url}\n`);
  // The library's opener (the OAuth flow's too): $BROWSER first, and `&` escaped for Windows' `start`.
  if (values['no-open'] !== true && !(hasBrowser() && (await openBrowser(running.url))))
    io.stderr('mcpkit: no browser to open here: open the URL above\n');
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void running.close().finally(() => {
        resolve(ExitCode.Ok);
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** `mcpkit inspect`. */
export const inspectCommand: Command = {
  help,
  run,
};
