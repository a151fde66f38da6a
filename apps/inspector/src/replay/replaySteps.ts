/**
 * Replays a recording's calls on a connection: each request sent again with
 * its recorded params, the server's requests during it answered as they were
 * recorded (in order, by method; one not recorded is declined), and the
 * outcome compared with the recorded one.
 *
 * @module
 */
import type { ReplayReport, StepReport } from '../shared/channel.js';
import { diffJson } from '../shared/diff.js';
import type { Outcome, Recording, Step } from '../shared/recording.js';
import { errorInfo, type Answerer, type Connection } from '../server/connection.js';

/** The answer for a server request nobody recorded: decline, never hang. */
function refusal(method: string): unknown {
  return method === 'sampling/createMessage' ? { reject: true } : { action: 'decline' };
}

/** Recorded answers for one step, handed out in order by method. */
function answererFor(step: Step): Answerer {
  const queue = [...step.answers];
  return (ask) => {
    const i = queue.findIndex((a) => a.method === ask.method);
    if (i < 0) return Promise.resolve(refusal(ask.method));
    const [answer] = queue.splice(i, 1);
    return Promise.resolve(answer?.answer);
  };
}

/** Only what an error means is compared (not the server's wording of `data`). */
function comparable(outcome: Outcome): unknown {
  if ('result' in outcome) return { result: outcome.result };
  return { error: { code: outcome.error.code, message: outcome.error.message } };
}

/** Replays every step of `recording` on `connection`; `onStep` hears each report as it is made. */
export async function replaySteps(
  connection: Connection,
  recording: Recording,
  onStep?: (report: StepReport) => void,
): Promise<ReplayReport> {
  const steps: StepReport[] = [];
  let differing = 0;
  const saved = connection.answerer;
  try {
    for (const [index, step] of recording.steps.entries()) {
      connection.answerer = answererFor(step);
      let outcome: Outcome;
      try {
        outcome = { result: await connection.request(step.method, step.params as Record<string, unknown> | undefined) };
      } catch (error) {
        outcome = { error: errorInfo(error) };
      }
      const differences = diffJson(comparable(step.outcome), comparable(outcome));
      if (differences.length > 0) differing++;
      const report: StepReport = { index, method: step.method, params: step.params, differences };
      steps.push(report);
      onStep?.(report);
    }
  } finally {
    connection.answerer = saved;
  }
  return { steps, differing };
}
