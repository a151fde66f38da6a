/**
 * `mcpkit replay FILE [target]` without a browser: connects to the target
 * (the recorded one unless another is given), replays the recording, and
 * writes one line per step and each difference. The caller turns the
 * report's `differing` count into the exit code.
 *
 * @module
 */
import type { ReplayReport } from '../shared/channel.js';
import type { ServerAuth } from 'mcpkit/host/transport';
import type { ConnectSpec } from '../shared/connectSpec.js';
import { formatDifference } from '../shared/diff.js';
import type { Recording } from '../shared/recording.js';
import { Connection } from '../server/connection.js';
import { replaySteps } from './replaySteps.js';

/** Options of {@link replayHeadless}. */
export interface HeadlessReplayOptions {
  readonly recording: Recording;
  /** Where to replay; the recording's own target when absent. */
  readonly target?: ConnectSpec | undefined;
  /** Writes the report (one line per step). */
  readonly write: (text: string) => void;
  /** Authorizes an HTTP target, as `startInspector`'s `auth` does. */
  readonly auth?: ServerAuth | undefined;
}

/** Thrown when the target cannot be reached: not a difference, a failure to compare at all. */
export class ReplayConnectError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ReplayConnectError';
  }
}

/** Replays a recording; resolves with the report. */
export async function replayHeadless(options: HeadlessReplayOptions): Promise<ReplayReport> {
  const target = options.target ?? options.recording.target;
  if (target === undefined) throw new ReplayConnectError('the recording names no server: give one on the command line');
  // Nobody is at a terminal to answer: what was not recorded is declined.
  const connection = new Connection('replay', target, {
    changed: () => undefined,
    ask: (ask) => Promise.resolve(ask.method === 'sampling/createMessage' ? { reject: true } : { action: 'decline' }),
    auth: options.auth,
  });
  try {
    await connection.connect();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ReplayConnectError(`could not connect: ${why}`, { cause: error });
  }
  try {
    const report = await replaySteps(connection, options.recording, (step) => {
      const mark = step.differences.length === 0 ? 'same' : 'DIFF';
      const name =
        typeof (step.params as { name?: unknown } | undefined)?.name === 'string'
          ? ` ${(step.params as { name: string }).name}`
          : '';
      options.write(`${mark}  ${String(step.index + 1)}. ${step.method}${name}\n`);
      for (const d of step.differences) options.write(`      ${formatDifference(d)}\n`);
    });
    const n = report.steps.length;
    options.write(
      report.differing === 0
        ? `replay: ${String(n)} step${n === 1 ? '' : 's'}, no differences\n`
        : `replay: ${String(report.differing)} of ${String(n)} steps differ\n`,
    );
    return report;
  } finally {
    await connection.close();
  }
}
