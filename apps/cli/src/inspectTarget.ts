/**
 * The command line's target as the inspector's connect spec (the same
 * fields under the inspector's names), and whether a line names a target at
 * all (`mcpkit inspect` alone opens the connect form).
 *
 * @module
 */
import type { ConnectSpec } from '@mcpkit/inspector';
import type { EraPreference } from 'mcpkit/client';
import { isHttpUrl, type Target } from './target.js';

/** The connect spec for a target. */
export function specOf(target: Target, era: EraPreference): ConnectSpec {
  if (target.kind === 'http')
    return { kind: 'http', url: target.url, headers: target.headers, transport: target.transport, era, label: target.label };
  return {
    kind: 'stdio',
    command: target.command,
    args: target.args,
    env: target.env,
    era,
    label: [target.command, ...target.args].join(' '),
    ...(target.cwd !== undefined && { cwd: target.cwd }),
    ...(target.inheritEnv === true && { inheritEnv: true }),
  };
}

/** True when the line names a server: a command after `--`, a URL, or a config file. */
export function namesTarget(args: readonly string[]): boolean {
  const dash = args.indexOf('--');
  const mine = dash < 0 ? args : args.slice(0, dash);
  return (
    dash >= 0 ||
    mine.some(
      (a) =>
        a === '--url' || a.startsWith('--url=') || a === '--config' || a.startsWith('--config=') || a === '-c' || isHttpUrl(a),
    )
  );
}
