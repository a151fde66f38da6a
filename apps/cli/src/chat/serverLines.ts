/**
 * How `mcpkit chat` tells of its servers: a line per server for `/servers`
 * (state, what it offers, why it is down and when it is tried again, where its
 * log is), and the notice after start-up naming those not up yet.
 *
 * @module
 */
import type { ServerStatus } from 'mcpkit/host';

function seconds(ms: number): string {
  return `${String(Math.max(1, Math.round(ms / 1000)))} s`;
}

/** One line of `/servers`. */
export function serverLine(s: ServerStatus): string {
  const parts = [s.name, s.state, s.type];
  if (s.state === 'ready') parts.push(`${String(s.tools)} tools, ${String(s.resources)} resources, ${String(s.prompts)} prompts`);
  if (s.error !== undefined) parts.push(`(${s.error})`);
  if (s.retryInMs !== undefined) parts.push(`retry in ${seconds(s.retryInMs)}`);
  if (s.logFile !== undefined) parts.push(`log: ${s.logFile}`);
  return `${parts.join('  ')}\n`;
}

/** The notice after start-up: each server not up yet, why, and where its log is; empty when all are up. */
export function notUpNotice(servers: readonly ServerStatus[], interactive: boolean): string {
  return servers
    .filter((s) => s.state !== 'ready')
    .map((s) => {
      const why = s.state === 'starting' ? 'still starting' : `${s.state}${s.error === undefined ? '' : `: ${s.error}`}`;
      const then = interactive ? 'it joins when it is up' : 'answering without it';
      const log = s.logFile === undefined ? '' : `; its log: ${s.logFile}`;
      return `mcpkit: server ${s.name} is not up (${why}); ${then}${log}\n`;
    })
    .join('');
}
