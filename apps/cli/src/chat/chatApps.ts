/**
 * MCP Apps in `mcpkit chat`: when a tool result carries an app, the chat
 * says so and `/app` opens it in the browser, on a local page with the
 * inspector's sandbox and mcpkit's bridge. The app's tool calls go through
 * the chat's approval policy (and only to tools its server lets apps call);
 * what it sends as a message is shown (escaped) and becomes a turn of the
 * conversation only when the user agrees (or gave `--approve all`), one at a
 * time behind the turn in flight; links it asks for are printed, never opened.
 *
 * @module
 */
import { AppPage } from '@mcpkit/inspector';
import { RpcError } from 'mcpkit/jsonrpc';
import { hasBrowser, openBrowser } from 'mcpkit/node';
import { approveToolCall, type Host, type HostEvent, type PolicyOptions } from 'mcpkit/host';
import { appResourceUri, loadApp, type AppMessage } from 'mcpkit/host/apps';
import { printable } from 'mcpkit/host/config';
import { ErrorCode, type CallToolResult, type Tool } from 'mcpkit/protocol';
import type { Ask } from '../elicitForm.js';
import type { Io } from '../io.js';
import { version } from '../version.js';

interface Shown {
  readonly server: string;
  readonly tool: Tool;
  readonly args: Readonly<Record<string, unknown>>;
  readonly result: CallToolResult;
}

function textOf(message: AppMessage): string {
  return message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
}

/** Options of {@link ChatApps}. */
export interface ChatAppsOptions {
  /** The chat's policy (rules, approver or approval mode). */
  readonly policy: PolicyOptions;
  /** Open the page in the browser (else only print its URL). */
  readonly openBrowser: boolean;
  /** Print the bridge traffic. */
  readonly verbose: boolean;
  /**
   * Whether an app's message may become a turn: `ask` asks the user (at the
   * terminal), `all` takes it (`--approve all`), `none` refuses it (no
   * terminal, or `--approve none`/`read-only`).
   */
  readonly messages: { readonly ask: Ask } | 'all' | 'none';
}

/**
 * Runs an app's message as a turn once the turn in flight is done: `confirm`
 * is called then (it asks the user); the promise is its answer.
 */
export type MessageRunner = (text: string, confirm: () => Promise<boolean>) => Promise<boolean>;

/** The apps of one chat. */
export class ChatApps {
  readonly #host: Host;
  readonly #io: Io;
  readonly #options: ChatAppsOptions;
  #last: Shown | undefined;
  #page: Promise<AppPage> | undefined;
  /** An app's message waits for the user's answer: at most one at a time. */
  #waiting = false;
  /** Runs an app's message as the next turn; set by the conversation loop. */
  onMessage: MessageRunner | undefined;

  constructor(host: Host, io: Io, options: ChatAppsOptions) {
    this.#host = host;
    this.#io = io;
    this.#options = options;
    host.on((event) => {
      this.#seen(event);
    });
  }

  #seen(event: HostEvent): void {
    if (event.type !== 'tool-call-finished') return;
    const { record } = event;
    if (record.outcome !== 'ok' || record.server === undefined || record.result === undefined) return;
    const entry = this.#host.tools().find((t) => t.server === record.server && t.tool.name === record.tool);
    if (entry === undefined || appResourceUri(entry.tool) === undefined) return;
    this.#last = { server: record.server, tool: entry.tool, args: record.arguments, result: record.result };
    this.#io.stderr(`(app) ${record.server}/${entry.tool.name} has an app: /app opens it in your browser\n`);
  }

  /** Opens the last result's app; returns what to print. */
  async open(): Promise<string> {
    const shown = this.#last;
    if (shown === undefined) return 'No tool result with an app yet.\n';
    const { server } = shown;
    const app = await loadApp({ readResource: ({ uri }) => this.#host.readResource(uri, { server }) }, shown.tool);
    if (app === undefined) return 'That tool has no app.\n';
    this.#page ??= AppPage.start();
    const page = await this.#page;
    const url = page.open(app, {
      tool: shown.tool,
      tools: this.#host.appTools(server).map((t) => t.tool),
      hostInfo: { name: 'mcpkit-chat', version: version() },
      hostContext: { platform: 'desktop' },
      server: {
        callTool: (params) => {
          this.#io.stderr(`(app) → ${server}/${params.name} ${JSON.stringify(params.arguments ?? {})}\n`);
          return this.#host.callTool(`${server}/${params.name}`, params.arguments ?? {});
        },
        readResource: ({ uri }) => this.#host.readResource(uri, { server }),
      },
      decisions: {
        approveToolCall: (name, args) => this.#approve(server, name, args),
        message: (message) => this.#message(server, textOf(message)),
        openLink: (link) => {
          this.#io.stderr(`(app) asks to open ${link.href} — not opened; open it yourself if you trust it\n`);
          return false;
        },
        log: (entry) => {
          if (this.#options.verbose) this.#io.stderr(`(app log) ${entry.level}: ${JSON.stringify(entry.data)}\n`);
        },
      },
      ...(this.#options.verbose && {
        onTraffic: (direction, message) => {
          this.#io.stderr(`(app ${direction}) ${JSON.stringify(message)}\n`);
        },
      }),
      started: (bridge) => {
        bridge.toolInput({ ...shown.args });
        bridge.toolResult(shown.result);
      },
    });
    const opened = this.#options.openBrowser && hasBrowser() && (await openBrowser(url));
    return `${opened ? 'Opened the app in your browser; if it did not appear, open' : 'Open the app at'}:\n  ${url}\n`;
  }

  /**
   * An app's message: shown escaped (an app's ANSI sequences could hide or
   * fake what the user sees), then a turn only with the user's consent, since
   * it runs with every server's tools. One waits at a time: a flood of
   * messages is refused, each with an error the app sees.
   */
  async #message(server: string, text: string): Promise<boolean> {
    const run = this.onMessage;
    if (text === '' || run === undefined) return false;
    if (this.#waiting) throw new RpcError(ErrorCode.InvalidRequest, 'Another message from an app is waiting for the user');
    const policy = this.#options.messages;
    const shown = text
      .split('\n')
      .map((line) => `  app> ${printable(line)}\n`)
      .join('');
    if (policy === 'none') {
      this.#io.stderr(`(app) ${server}'s app sent a message; not sent to the model (no one to ask here):\n${shown}`);
      return false;
    }
    this.#waiting = true;
    try {
      return await run(text, async () => {
        this.#io.stderr(`\n(app) ${server}'s app asks to send this as your message:\n${shown}`);
        if (policy === 'all') return true;
        const answer = await policy.ask('Send it? [y/N] ');
        return /^y/i.test(answer?.trim() ?? '');
      });
    } finally {
      this.#waiting = false;
    }
  }

  /** An app's call (to a tool its server lets apps call): the chat's policy decides, as for the model's calls. */
  async #approve(server: string, name: string, args: Record<string, unknown>): Promise<boolean> {
    const entry = this.#host.appTools(server).find((t) => t.tool.name === name);
    if (entry === undefined) return false;
    const allowed = await approveToolCall(this.#options.policy, {
      kind: 'tool',
      server,
      tool: name,
      name: entry.name,
      arguments: args,
      annotations: entry.tool.annotations,
    });
    if (!allowed) this.#io.stderr(`(app) ✗ ${server}/${name} denied\n`);
    return allowed;
  }

  /** Closes the page server, tearing its apps down. */
  async close(): Promise<void> {
    if (this.#page !== undefined) await (await this.#page).close();
  }
}
