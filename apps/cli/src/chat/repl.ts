/**
 * Interactive `mcpkit chat`: a conversation at the terminal, answers streamed
 * as they come, tool calls shown as they run, and slash commands: `/tools`,
 * `/servers`, `/prompt NAME [key=value ...]`, `/read URI [SERVER]`, `/clear`,
 * `/help`, `/exit`. Ctrl-C cancels the turn in flight (the servers are told);
 * at the prompt, a second Ctrl-C leaves.
 *
 * @module
 */
import type { Conversation, NodeHost, Transcript } from 'mcpkit/host';
import { ExitCode } from '../exitCodes.js';
import type { Io } from '../io.js';
import type { ChatApps } from './chatApps.js';
import type { LineReader } from './lineReader.js';
import { serverLine } from './serverLines.js';
import { contextView } from './contextView.js';
import { describeTool, listTools } from './toolList.js';

/** The slash commands, for help and Tab completion. */
export const SLASH_COMMANDS: readonly string[] = [
  '/help',
  '/tools',
  '/context',
  '/servers',
  '/prompt',
  '/read',
  '/app',
  '/clear',
  '/exit',
];

const HELP = `Commands:
  /tools [NAME]                the tools the model may call, one line each; NAME (model
                               name or server/tool): that tool's whole description
  /tools disable|enable S[/T]  switch a server's tools, or one tool, off or on for the model
  /context                     what each server's tool definitions cost (estimated tokens),
                               and what the last question's model calls carried
  /servers                     the servers: state, why one is down, its log
  /prompt NAME [key=value ...] run a server's prompt as your message
  /read URI [SERVER]           attach a resource to your next message
  /app                         open the last tool result's MCP App in your browser
  /clear                       start a new conversation
  /exit                        leave (also Ctrl-D)
Ctrl-C cancels the answer or tool call in flight.
`;

function listServers(host: NodeHost): string {
  return host.servers().map(serverLine).join('');
}

function promptArgs(words: readonly string[]): Record<string, string> {
  const args: Record<string, string> = {};
  for (const word of words) {
    const eq = word.indexOf('=');
    if (eq > 0) args[word.slice(0, eq)] = word.slice(eq + 1);
  }
  return args;
}

/** What one turn needs: the host, the output, and a fresh signal per turn. */
export interface ReplContext {
  readonly host: NodeHost;
  readonly io: Io;
  readonly lines: LineReader;
  /** Runs one turn with a signal that Ctrl-C fires while it runs. */
  turn<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Reports a failed turn without leaving the chat. */
  report(error: unknown): void;
  /** MCP Apps of tool results (`/app`). */
  readonly apps?: ChatApps;
}

function switchTools(host: NodeHost, words: readonly string[]): string {
  const [verb, target] = words;
  if (target === undefined || words.length > 2) return `usage: /tools ${verb ?? 'disable'} SERVER[/TOOL]\n`;
  const on = verb === 'enable';
  try {
    const n = host.setToolsEnabled(target, on);
    return `(${on ? 'enabled' : 'disabled'} ${target}${target.includes('/') ? '' : `: ${String(n)} tools`}; the next question sees it)\n`;
  } catch (error) {
    return `${error instanceof Error ? error.message : String(error)}\n`;
  }
}

async function slash(
  line: string,
  ctx: ReplContext,
  conversation: { current: Conversation; last?: Transcript },
): Promise<'exit' | Transcript | undefined> {
  const [command = '', ...words] = line.trim().split(/\s+/);
  const { host, io } = ctx;
  switch (command) {
    case '/exit':
    case '/quit':
      return 'exit';
    case '/help':
      io.stdout(HELP);
      return undefined;
    case '/tools':
      if (words[0] === 'disable' || words[0] === 'enable') io.stdout(switchTools(host, words));
      else
        io.stdout(
          words[0] === undefined
            ? listTools(host.tools(), io.columns ?? 100, host.disabledTools())
            : describeTool([...host.tools(), ...host.disabledTools()], words[0]),
        );
      return undefined;
    case '/context':
      io.stdout(contextView(host.toolContext(), conversation.last?.toolOffers));
      return undefined;
    case '/servers':
      io.stdout(listServers(host));
      return undefined;
    case '/app':
      io.stdout(ctx.apps === undefined ? 'Apps are not available here.\n' : await ctx.apps.open());
      return undefined;
    case '/clear':
      conversation.current = host.conversation();
      io.stdout('(a new conversation)\n');
      return undefined;
    case '/read': {
      const [uri, server] = words;
      if (uri === undefined) {
        io.stdout('usage: /read URI [SERVER]\n');
        return undefined;
      }
      const result = await ctx.turn((signal) =>
        conversation.current.attach(uri, { ...(server !== undefined && { server }), signal }),
      );
      io.stdout(`(attached ${uri}: ${String(result.contents.length)} content(s); it goes with your next message)\n`);
      return undefined;
    }
    case '/prompt': {
      const [name, ...rest] = words;
      if (name === undefined) {
        io.stdout(
          `usage: /prompt NAME [key=value ...]; prompts: ${
            host
              .prompts()
              .map((p) => p.name)
              .join(', ') || 'none'
          }\n`,
        );
        return undefined;
      }
      return ctx.turn((signal) => conversation.current.prompt(name, promptArgs(rest), { signal }));
    }
    default:
      io.stdout(`unknown command ${command}; /help lists them\n`);
      return undefined;
  }
}

/** Runs the chat until `/exit` or the end of input. */
export async function runRepl(ctx: ReplContext): Promise<ExitCode> {
  const conversation: { current: Conversation; last?: Transcript } = { current: ctx.host.conversation() };
  // Turns run one after another, the user's and apps' alike.
  let current: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = current.then(work);
    current = next.catch(() => undefined);
    return next;
  };
  if (ctx.apps !== undefined) {
    // An app's message, once the user agrees, is a turn of the conversation, as if typed.
    ctx.apps.onMessage = (text, confirm) =>
      new Promise<boolean>((answered) => {
        void serial(async () => {
          const agreed = await confirm().catch(() => false);
          answered(agreed);
          if (!agreed) return;
          try {
            await ctx.turn((signal) => conversation.current.ask(text, { signal }));
          } catch (error) {
            ctx.report(error);
          }
        });
      });
  }
  if (ctx.lines.interactive) ctx.io.stdout('mcpkit chat: /help for commands, /exit to leave.\n');
  for (;;) {
    const line = await ctx.lines.readMessage('you> ');
    if (line === undefined) return ExitCode.Ok;
    const text = line.trim();
    if (text === '') continue;
    try {
      const outcome = text.startsWith('/')
        ? await serial(() => slash(text, ctx, conversation))
        : await serial(() => ctx.turn((signal) => conversation.current.ask(text, { signal })));
      if (outcome === 'exit') return ExitCode.Ok;
      if (outcome !== undefined) conversation.last = outcome;
      if (outcome?.stopReason === 'cancelled') ctx.io.stderr('(cancelled)\n');
      else if (outcome?.stopReason === 'max_turns') ctx.io.stderr('(stopped: --max-turns reached)\n');
    } catch (error) {
      ctx.report(error);
    }
  }
}
