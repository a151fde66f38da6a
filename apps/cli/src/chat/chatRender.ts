/**
 * What `mcpkit chat` shows of a host's events: tool calls (server, tool,
 * arguments), their progress and outcome with the time they took, server
 * logs, server state changes and notes, on stderr; answer text on stdout.
 *
 * @module
 */
import type { HostEvent, ToolCallRecord } from 'mcpkit/host';
import { printable } from 'mcpkit/host/config';
import type { Io } from '../io.js';

/** How much to show. */
export interface RenderOptions {
  /** Also each server's stderr. */
  readonly verbose: boolean;
  /** Nothing but errors. */
  readonly quiet: boolean;
  /** Stream the model's text to stdout as it comes (interactive). */
  readonly streamText: boolean;
}

function brief(value: unknown, max = 160): string {
  const text = (JSON.stringify(value) as string | undefined) ?? '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function finished(record: ToolCallRecord): string {
  const where = printable(record.server === undefined ? record.name : `${record.server}/${record.tool ?? ''}`);
  const ms = `${String(record.durationMs)} ms`;
  switch (record.outcome) {
    case 'ok':
      return `  ${record.result?.isError === true ? '✗' : '✓'} ${where} ${record.result?.isError === true ? 'returned an error' : 'done'} (${ms})\n`;
    case 'denied':
      return `  ✗ ${where} denied by the policy (the model was told)\n`;
    case 'cancelled':
      return `  ✗ ${where} cancelled (${ms})\n`;
    default:
      return `  ✗ ${where} failed: ${printable(record.error ?? '')} (${ms})\n`;
  }
}

/** Renders events as they come; returns a listener. */
export function eventRenderer(io: Io, options: RenderOptions): (event: HostEvent) => void {
  let midLine = false;
  /** The servers last said to be down, and how (so a repeated failure is said once). */
  const down = new Map<string, string>();
  const note = (text: string): void => {
    if (options.quiet) return;
    if (midLine && options.streamText) io.stdout('\n');
    midLine = false;
    io.stderr(text);
  };
  return (event) => {
    switch (event.type) {
      case 'text':
        if (options.streamText) {
          io.stdout(event.delta);
          midLine = !event.delta.endsWith('\n');
        }
        return;
      case 'model-response':
        if (midLine && options.streamText) io.stdout('\n');
        midLine = false;
        return;
      case 'tool-call-started':
        note(
          `→ ${printable(event.server === undefined ? event.name : `${event.server}/${event.tool ?? event.name}`)} ${brief(event.arguments)}\n`,
        );
        return;
      case 'tool-call-progress':
        note(
          `  … ${String(event.progress)}${event.total === undefined ? '' : `/${String(event.total)}`}${event.message === undefined ? '' : ` ${event.message}`}\n`,
        );
        return;
      case 'tool-call-finished':
        note(finished(event.record));
        return;
      case 'tools-offered':
        // With -v, each model call's tool definitions when the host keeps them down (/context shows them too).
        if (options.verbose && event.offer.mode !== 'all')
          note(
            `(tools: ${String(event.offer.loaded)} definitions in context, ~${String(event.offer.tokens)} of ~${String(event.offer.allTokens)} tokens; ${event.offer.mode === 'host-search' ? 'the host searches' : 'the provider searches'})\n`,
          );
        return;
      case 'model-retry':
        note(
          `mcpkit: the model API ${event.status === undefined ? 'could not be reached' : `answered ${String(event.status)}`}; retry ${String(event.attempt)} in ${String(Math.round(event.delayMs))} ms\n`,
        );
        return;
      case 'server-state':
        if (event.state === 'ready' && down.delete(event.server)) note(`mcpkit: server ${event.server} is up\n`);
        if (event.state !== 'restarting' && event.state !== 'failed') return;
        // A failed server is tried again now and then: say so once, not at every attempt.
        if (event.state === 'failed' && down.get(event.server) === `failed ${event.error ?? ''}`) return;
        down.set(event.server, `${event.state} ${event.error ?? ''}`);
        note(
          `mcpkit: server ${event.server} ${event.state === 'failed' ? 'failed' : 'is down'}: ${event.error ?? ''}${event.retryInMs === undefined ? '' : `; ${event.state === 'failed' ? 'trying again' : 'restarting'} in ${String(event.retryInMs)} ms`}\n`,
        );
        return;
      case 'server-log':
        note(
          `[${event.server}] [${event.level}]${event.logger === undefined ? '' : ` ${event.logger}:`} ${typeof event.data === 'string' ? event.data : brief(event.data, 300)}\n`,
        );
        return;
      case 'policy-rule-unmatched':
        // A rule that stopped matching may be a deny that no longer covers the tool it meant: said even with --quiet.
        if (midLine && options.streamText) io.stdout('\n');
        midLine = false;
        io.stderr(
          `mcpkit: warning: ${event.server}'s tools changed: the rule ${event.decision} ${event.rule} ${event.message}\n`,
        );
        return;
      case 'server-stderr':
        if (options.verbose) note(event.text.replace(/^(?=.)/gm, `[${event.server}] `));
        return;
      case 'sampling':
        note(
          `mcpkit: ${event.server} asked the model for a completion (sampling): ${event.outcome}${event.error === undefined ? '' : ` (${event.error})`}\n`,
        );
        return;
      case 'elicitation':
        if (event.action !== 'accept')
          note(
            `mcpkit: ${event.server} asked for input ("${event.message}")${event.url === undefined ? '' : ` at ${event.url}`}: ${event.action}d\n`,
          );
        return;
      default:
    }
  };
}
