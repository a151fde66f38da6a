/**
 * The command line's one telemetry hook: `startTelemetry` when a command
 * starts (it loads nothing unless an `OTEL_*` variable names an endpoint),
 * `currentTelemetry` for the clients, servers and host a command makes, and
 * `stopTelemetry` when it ends. A new command (`gateway`) calls the same three.
 *
 * @module
 */
import type { TelemetryOptions } from 'mcpkit/telemetry';
import type { CliTelemetry } from './cliTelemetry.js';
import { wantsTelemetry } from './otelEnv.js';

let current: CliTelemetry | undefined;
/** How long the end of a command waits for the collector, ms. */
const FLUSH_LIMIT_MS = 5000;

/** Starts telemetry for `command` from the process environment; a no-op without `OTEL_*` endpoint variables. */
export async function startTelemetry(command: string, report: (message: string) => void): Promise<void> {
  if (current !== undefined || !wantsTelemetry(process.env)) return;
  const { startCliTelemetry } = await import('./cliTelemetry.js');
  current = startCliTelemetry(process.env, `mcpkit-${command}`, report);
  if (current === undefined) return;
  // A command that stops itself on SIGTERM (serve, bridge, inspect) registers its own listener after
  // this one, and flushes when it returns; otherwise this one flushes and ends the process as SIGTERM would.
  process.on('SIGTERM', () => {
    if (process.listenerCount('SIGTERM') > 1) return;
    void stopTelemetry().finally(() => process.exit(143));
  });
}

/** The telemetry the command's clients, servers and host take (undefined: off). */
export function currentTelemetry(): TelemetryOptions | undefined {
  return current?.telemetry;
}

/** `{ telemetry }` when on, for spreading into options. */
export function telemetryOption(): { telemetry?: TelemetryOptions } {
  const telemetry = current?.telemetry;
  return telemetry === undefined ? {} : { telemetry };
}

/** Sends what was recorded and stops (bounded: a dead collector cannot hold the command). */
export async function stopTelemetry(): Promise<void> {
  const session = current;
  if (session === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    session.shutdown(),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, FLUSH_LIMIT_MS).unref();
    }),
  ]);
  clearTimeout(timer);
}
