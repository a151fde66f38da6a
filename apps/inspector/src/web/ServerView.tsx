/**
 * The server: who it is, the negotiated era and revision, its capabilities
 * and instructions, Ping; and what the client offers it: the roots (edit the
 * list; the server is told it changed) and the log level.
 *
 * @module
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { ErrorView, Json } from './Content.js';
import { useScope } from './context.js';
import { ServerLink } from './ServerLink.js';
import { useRequest } from './useRequest.js';

const textOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

function Roots(): JSX.Element {
  const { channel, connection } = useScope();
  const [text, setText] = useState(() =>
    connection.roots.map((r) => (r.name === undefined ? r.uri : `${r.uri} ${r.name}`)).join('\n'),
  );
  const [error, setError] = useState<unknown>(undefined);
  const [saved, setSaved] = useState(false);
  return (
    <form
      aria-label="Roots"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        setSaved(false);
        const roots = text
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l !== '')
          .map((l) => {
            const space = l.indexOf(' ');
            return space < 0 ? { uri: l } : { uri: l.slice(0, space), name: l.slice(space + 1).trim() };
          });
        channel
          .call({ type: 'roots', connection: connection.id, roots })
          .then(() => {
            setSaved(true);
          })
          .catch(setError);
      }}
    >
      <h3>Roots</h3>
      <div class="field">
        <label for="roots">Roots (one file:// URI per line, optionally followed by a name)</label>
        <textarea
          id="roots"
          rows={3}
          class="mono"
          value={text}
          onInput={(e) => {
            setText(e.currentTarget.value);
          }}
        />
      </div>
      <button type="submit">Save roots</button>
      {saved ? <span role="status"> Saved; the server was told the list changed.</span> : null}
      {error === undefined ? null : <ErrorView error={error} />}
    </form>
  );
}

function LogLevel(): JSX.Element {
  const { channel, connection } = useScope();
  const [level, setLevel] = useState('');
  const [error, setError] = useState<unknown>(undefined);
  return (
    <div class="field">
      <label for="log-level">Log level</label>
      <select
        id="log-level"
        value={level}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setLevel(next);
          setError(undefined);
          if (next !== '') channel.call({ type: 'logLevel', connection: connection.id, level: next }).catch(setError);
        }}
      >
        <option value="">(not set)</option>
        {LEVELS.map((l) => (
          <option value={l} key={l}>
            {l}
          </option>
        ))}
      </select>
      {error === undefined ? null : <ErrorView error={error} />}
    </div>
  );
}

/** The Server view. */
export function ServerView(): JSX.Element {
  const { connection } = useScope();
  const ping = useRequest();
  const info = connection.serverInfo ?? {};
  return (
    <div class="server">
      <section aria-label="Server info">
        <h2>
          {textOf(info['title']) ?? textOf(info['name']) ?? connection.label} <small>{textOf(info['version']) ?? ''}</small>
        </h2>
        <dl>
          <dt>Status</dt>
          <dd>{connection.status}</dd>
          {connection.error === undefined ? null : (
            <>
              <dt>Error</dt>
              <dd>{connection.error}</dd>
            </>
          )}
          <dt>Era</dt>
          <dd>{connection.era ?? '—'}</dd>
          <dt>Revision</dt>
          <dd>{connection.revision ?? '—'}</dd>
          {textOf(info['websiteUrl']) === undefined ? null : (
            <>
              <dt>Website</dt>
              <dd>
                <ServerLink url={textOf(info['websiteUrl']) ?? ''} />
              </dd>
            </>
          )}
        </dl>
        {connection.instructions === undefined ? null : (
          <>
            <h3>Instructions</h3>
            <pre class="text">{connection.instructions}</pre>
          </>
        )}
        <h3>Capabilities</h3>
        <Json value={connection.capabilities ?? {}} label="Capabilities" />
        <button type="button" onClick={() => void ping.run('ping')} disabled={ping.running}>
          Ping
        </button>
        {ping.result === undefined ? null : <span role="status"> Pong.</span>}
        {ping.error === undefined ? null : <ErrorView error={ping.error} />}
      </section>
      <section aria-label="Client">
        <LogLevel />
        <Roots />
      </section>
    </div>
  );
}
