/**
 * `mcpkit chat`: one model, the servers of a config, and the loop between
 * them (the `Host` of `mcpkit/host`). Interactive at a terminal; `--once`
 * answers one question and exits (the answer on stdout, or the whole
 * transcript with `--json`). Exit codes: 0 answered, 2 bad usage or config,
 * 3 the model's API failed, 124 timeout, 130 interrupted.
 *
 * @module
 */
import { parseChatArgs } from '../chat/chatOptions.js';
import { ExitCode } from '../exitCodes.js';
import type { Io } from '../io.js';
import type { Command } from './command.js';

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
      --trust-project      Start a project's servers for this run without asking.
                           A project's config (found here, or lying in this folder
                           or its git tree) starts nothing until you trust it: at
                           a terminal you see what it runs and answer once (kept
                           in ~/.config/mcpkit/trusted-projects.json, asked again
                           when the file changes); elsewhere it is skipped
      --root DIR           Offer DIR as a root besides the working directory
      --log-dir DIR        Where each server's stderr is logged
      --log-level LEVEL    Ask servers for log messages at LEVEL and up
      --start-timeout DURATION
                           Wait this long for the servers (default 10s), then
                           answer with those that are up; the others are named
                           with their log, and join when they are up
      --no-browser         For a server that needs OAuth, print the authorization
                           URL without opening a browser (tokens are shared with
                           mcpkit login)
      --callback-port N    Receive the OAuth callback on this fixed 127.0.0.1
                           port (forward it: ssh -L N:127.0.0.1:N); for a pasted
                           URL, use mcpkit login --no-browser first
      --client-id <id>, --client-secret <s>, --client-secret-file <f>,
      --client-key <file>, --client-credentials, --assertion-file <f>,
      --id-token-file <f>, --idp-token-endpoint <url>, --dpop, --scope <s>
                           Authorization at the one HTTP server of the config
                           (with more, choose it with --server), as for the
                           client commands (see mcpkit login --help)

Model:
  -m, --model P/MODEL      anthropic/MODEL (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL)
                           or openai/MODEL (OPENAI_API_KEY, OPENAI_BASE_URL: also
                           Ollama, llama.cpp, vLLM, LM Studio); default $MCPKIT_MODEL
      --small-model P/M    A faster model for sampling requests that prefer speed
      --base-url URL       The API endpoint (beats the environment)
      --system TEXT        The system prompt
      --max-turns N        Model calls per question (default 20)
      --max-tokens N       Tokens per answer (default 4096)

Permissions (deny wins; a project's config grants nothing; a server's hints
count only if your own config marks it "trust": true):
      --allow SERVER[/TOOL]  Run without asking (repeatable)
      --deny SERVER[/TOOL]   Never run (repeatable). A rule that matches no tool
                             is an error naming the closest one
      --trust-read-only      Run tools of trusted servers that say they are
                             read-only without asking
      --approve MODE         What to do with the rest when nobody can be asked:
                             all, or read-only (read-only tools of trusted
                             servers); none refuses every tool call, whatever the
                             rules say (default: ask at a terminal; without one,
                             deny)

Tools in the context (definitions cost the model's context on every turn):
      --disable SERVER[/TOOL]  Never offer these tools to the model (repeatable);
                             the config's includeTools/excludeTools/disabledTools
                             do the same per server
      --enable SERVER[/TOOL]   Offer them again (beats the config; repeatable)
      --tool-search MODE     When the definitions are over the threshold: auto
                             (the provider's own tool search where it has one,
                             Anthropic's; else the host's search_tools), host
                             (always the host's), off (send every definition)
      --tool-search-threshold TOKENS
                             Estimated tokens of definitions above which the model
                             searches for tools (default 10000; 0: always)

Output:
      --once PROMPT        Answer one question and exit
      --json               With --once: the transcript as one JSON object (with
                           "context": each server's definitions' estimated tokens,
                           and "toolOffers": what each model call carried)
  -t, --timeout DURATION   Give up after this long (exit 124)
  -v, --verbose            Show the servers' stderr too, and the tool definitions
                           each model call carried when the model searches
  -q, --quiet              Only the answer and errors

Commands at the prompt: /tools [NAME], /tools disable|enable SERVER[/TOOL],
/context (what tool definitions cost), /servers (state, errors, logs),
/prompt NAME [k=v ...], /read URI, /clear, /help, /exit. Ctrl-C cancels the
answer or tool call in flight. Secrets a config asks for (VS Code "password":
true inputs) are read without echo and go only to the server that uses them.

Examples:
  mcpkit chat --model anthropic/claude-sonnet-4-5
  mcpkit chat --model openai/gpt-4.1 --once "What is in notes.txt?" --allow files/read_file
  OPENAI_BASE_URL=http://localhost:11434/v1 mcpkit chat --model openai/llama3.2

Exit codes:
  0    answered
  2    bad usage or config, or a --allow/--deny rule that matches no tool
  3    the model's API failed (bad key, unknown model, unreachable, overloaded)
  124  timed out (--timeout)
  130  interrupted (Ctrl-C)
`;
}

async function run(args: readonly string[], io: Io): Promise<ExitCode> {
  const settings = parseChatArgs(args);
  if (settings === undefined) {
    io.stdout(help());
    return ExitCode.Ok;
  }
  // Loaded here: the host stays out of every other command's start-up.
  const { runChat } = await import('../chat/chatMain.js');
  return runChat(settings, io);
}

/** `mcpkit chat`. */
export const chatCommand: Command = {
  help,
  run,
};
