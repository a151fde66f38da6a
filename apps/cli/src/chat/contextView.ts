/**
 * `/context`: what each server's tool definitions cost the model's context
 * (estimated tokens, switched-off tools apart), whether the host searches
 * for tools rather than sending them all, and what the last question's
 * model calls carried.
 *
 * @module
 */
import type { ToolContextReport, ToolOffer } from 'mcpkit/host';
import { printable } from 'mcpkit/host/config';

function count(n: number): string {
  return n.toLocaleString('en-US');
}

const MODES: Readonly<Record<ToolOffer['mode'], string>> = {
  all: 'every definition',
  'host-search': "the host's search_tools and the tools found",
  'provider-search': "the provider's tool search; definitions deferred",
};

/** One model call's offer, on one line. */
export function offerLine(offer: ToolOffer, turn: number): string {
  const found =
    offer.loadedTools === undefined || offer.loadedTools.length === 0
      ? ''
      : `; found: ${offer.loadedTools.map(printable).join(', ')}`;
  return `  call ${String(turn)}: ${count(offer.loaded)} definition${offer.loaded === 1 ? '' : 's'} in context, ~${count(offer.tokens)} tokens of ~${count(offer.allTokens)} (${MODES[offer.mode]})${found}\n`;
}

/** The whole `/context` text. */
export function contextView(report: ToolContextReport, lastOffers: readonly ToolOffer[] | undefined): string {
  const width = Math.max(6, ...report.servers.map((s) => printable(s.server).length));
  const lines = report.servers.map((s) => {
    const off = s.enabled < s.tools ? `; ${count(s.tools - s.enabled)} off (~${count(s.disabledTokens)} tokens)` : '';
    return `  ${printable(s.server).padEnd(width)}  ${String(s.enabled).padStart(4)} tools  ~${count(s.tokens).padStart(7)} tokens${off}\n`;
  });
  const how =
    report.mode === 'off'
      ? 'every definition is sent every turn (tool search off)'
      : report.searching
        ? `over the threshold of ~${count(report.threshold)}: the model searches for tools (${report.mode === 'host' ? "the host's search" : "the provider's own search where it has one, else the host's"})`
        : `under the threshold of ~${count(report.threshold)}: every definition is sent every turn`;
  const last =
    lastOffers === undefined || lastOffers.length === 0
      ? '  (nothing asked yet)\n'
      : lastOffers.map((offer, i) => offerLine(offer, i + 1)).join('');
  return (
    `Tool definitions (estimated: ${report.estimate}):\n${lines.join('')}` +
    `  ${'total'.padEnd(width)}  ${String(report.servers.reduce((n, s) => n + s.enabled, 0)).padStart(4)} tools  ~${count(report.tokens).padStart(7)} tokens; ${how}\n` +
    `Last question:\n${last}`
  );
}
