/**
 * The command line's server as the inspector's connect spec (the same
 * `ServerConfig`, with the era to speak and the label), and whether a line
 * names a server at all (`mcpkit inspect` alone opens the connect form).
 *
 * @module
 */
import type { ConnectSpec } from '@mcpkit/inspector';
import type { EraPreference } from 'mcpkit/client';
import { isHttpUrl, type ChosenServer } from './targetOptions.js';

/** The connect spec for a server the command line chose. */
export function specOf(chosen: ChosenServer, era: EraPreference): ConnectSpec {
  return { ...chosen.server, era, label: chosen.label };
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
