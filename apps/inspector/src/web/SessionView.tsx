/**
 * Record and replay: "Record" starts keeping the calls made on this
 * connection; stopping offers the recording as a file, its secrets masked
 * unless the user ticks "Keep secrets". "Replay" sends a recording's calls
 * again (this session's, or a file's) on this connection, never to the server
 * a file names, and shows what differs. A file's calls are listed before the
 * user replays them.
 *
 * @module
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { ReplayReport } from '../shared/channel.js';
import { formatDifference } from '../shared/diff.js';
import { parseRecording, type Recording } from '../shared/recording.js';
import { maskRecording, maskSpec } from '../shared/secrets.js';
import { describeTarget } from '../shared/targetText.js';
import { ErrorView } from './Content.js';
import { useScope } from './context.js';

/** The recording controls and the replay report. */
export function SessionView(): JSX.Element {
  const { channel, connection } = useScope();
  const [recording, setRecording] = useState<Recording | undefined>(undefined);
  const [report, setReport] = useState<ReplayReport | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [keepSecrets, setKeepSecrets] = useState(false);
  const [fromFile, setFromFile] = useState(false);
  const record = (on: boolean): void => {
    setError(undefined);
    // The page asks for the secrets so the user can choose at saving time; the file is masked unless they do.
    channel
      .call({ type: 'record', connection: connection.id, on, keepSecrets: true })
      .then((value) => {
        if (!on) {
          setRecording(value as Recording);
          setFromFile(false);
        }
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
  const saved = recording === undefined ? undefined : keepSecrets ? recording : maskRecording(recording);
  const download =
    saved === undefined
      ? undefined
      : URL.createObjectURL(new Blob([JSON.stringify(saved, null, 2)], { type: 'application/json' }));
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
      {recording === undefined || fromFile ? null : (
        <p>
          Recorded {recording.steps.length} call{recording.steps.length === 1 ? '' : 's'}.{' '}
          <a href={download} download="session.mcpkit-recording.json">
            Save recording
          </a>{' '}
          <label>
            <input
              type="checkbox"
              checked={keepSecrets}
              onChange={(e) => {
                setKeepSecrets(e.currentTarget.checked);
              }}
            />{' '}
            Keep secrets (header and environment values, URL tokens) in the saved file
          </label>
        </p>
      )}
      {recording === undefined || !fromFile ? null : <FileCalls recording={recording} label={connection.label} />}
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
                setFromFile(true);
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

/** What a recording file would make this connection do, shown before the user replays it. */
function FileCalls({ recording, label }: { readonly recording: Recording; readonly label: string }): JSX.Element {
  // What the target is, not its label: a file's label could say anything.
  const recorded = recording.target === undefined ? undefined : describeTarget(maskSpec(recording.target)).join('; ');
  return (
    <section aria-label="Calls in the file" class="report">
      <p>
        Replay sends these {recording.steps.length} call{recording.steps.length === 1 ? '' : 's'} to <strong>{label}</strong>
        {recorded === undefined ? null : (
          <>
            {' '}
            (recorded against <code>{recorded}</code>, which is not started)
          </>
        )}
        :
      </p>
      <ol>
        {recording.steps.map((s, i) => (
          <li key={i}>
            <code>{s.method}</code> <code>{JSON.stringify(s.params)}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}
