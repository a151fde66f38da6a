/**
 * Record and replay: "Record" starts keeping the calls made on this
 * connection; stopping offers the recording as a file. "Replay" sends a
 * recording's calls again (this session's, or a file's) and shows what
 * differs.
 *
 * @module
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { ReplayReport } from '../shared/channel.js';
import { formatDifference } from '../shared/diff.js';
import { parseRecording, type Recording } from '../shared/recording.js';
import { ErrorView } from './Content.js';
import { useScope } from './context.js';

/** The recording controls and the replay report. */
export function SessionView(): JSX.Element {
  const { channel, connection } = useScope();
  const [recording, setRecording] = useState<Recording | undefined>(undefined);
  const [report, setReport] = useState<ReplayReport | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const record = (on: boolean): void => {
    setError(undefined);
    channel
      .call({ type: 'record', connection: connection.id, on })
      .then((value) => {
        if (!on) setRecording(value as Recording);
      })
      .catch(setError);
  };
  const replay = (): void => {
    if (recording === undefined) return;
    setError(undefined);
    setReport(undefined);
    setBusy(true);
    channel
      .call({ type: 'replay', connection: connection.id, recording })
      .then((value) => {
        setReport(value as ReplayReport);
      })
      .catch(setError)
      .finally(() => {
        setBusy(false);
      });
  };
  const download =
    recording === undefined
      ? undefined
      : URL.createObjectURL(new Blob([JSON.stringify(recording, null, 2)], { type: 'application/json' }));
  return (
    <section class="session" aria-label="Record and replay">
      <div class="buttons">
        {connection.recording ? (
          <button
            type="button"
            onClick={() => {
              record(false);
            }}
          >
            Stop recording
          </button>
        ) : (
          <button
            type="button"
            onClick={() => {
              record(true);
            }}
          >
            Record
          </button>
        )}
        {connection.recording ? <span role="status">Recording: every call made on this connection is kept.</span> : null}
      </div>
      {recording === undefined ? null : (
        <p>
          Recorded {recording.steps.length} call{recording.steps.length === 1 ? '' : 's'}.{' '}
          <a href={download} download="session.mcpkit-recording.json">
            Save recording
          </a>
        </p>
      )}
      <div class="field">
        <label for="recording-file">Recording file</label>
        <input
          id="recording-file"
          type="file"
          accept=".json,application/json"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file === undefined) return;
            file
              .text()
              .then((text) => {
                setRecording(parseRecording(text));
                setError(undefined);
              })
              .catch(setError);
          }}
        />
      </div>
      <button type="button" disabled={recording === undefined || busy} onClick={replay}>
        Replay
      </button>
      {error === undefined ? null : <ErrorView error={error} />}
      {report === undefined ? null : (
        <section aria-label="Replay report" class="report">
          <h3 role="status">
            {report.differing === 0
              ? `Replayed ${String(report.steps.length)} calls: no differences`
              : `${String(report.differing)} of ${String(report.steps.length)} calls differ`}
          </h3>
          <ol>
            {report.steps.map((s) => (
              <li key={s.index} class={s.differences.length === 0 ? 'same' : 'diff'}>
                {s.method} {s.differences.length === 0 ? '— same' : '— differs'}
                {s.differences.length === 0 ? null : (
                  <ul>
                    {s.differences.map((d, i) => (
                      <li key={i}>
                        <code>{formatDifference(d)}</code>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </section>
  );
}
