/**
 * The connect form: a command (stdio: command, arguments, environment,
 * working directory) or a URL (Streamable HTTP, or HTTP+SSE: headers), and
 * the era. Connect opens the connection beside any already open.
 *
 * @module
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { ConnectSpec } from '../shared/connectSpec.js';
import { splitCommandLine } from '../shared/commandLine.js';
import type { Channel } from './channel.js';
import { ErrorView } from './Content.js';

function pairs(text: string, separator: RegExp): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = separator.exec(line.trim());
    if (m !== null) out[m[1] ?? ''] = m[2] ?? '';
  }
  return out;
}

/** The form; `onConnected` gets the new connection's id. */
export function ConnectForm({
  channel,
  onConnected,
}: {
  readonly channel: Channel;
  readonly onConnected: (id: string) => void;
}): JSX.Element {
  const [transport, setTransport] = useState<'stdio' | 'http' | 'sse'>('stdio');
  const [command, setCommand] = useState('');
  const [env, setEnv] = useState('');
  const [cwd, setCwd] = useState('');
  const [url, setUrl] = useState('');
  const [headers, setHeaders] = useState('');
  const [era, setEra] = useState('auto');
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = (e: Event): void => {
    e.preventDefault();
    setError(undefined);
    // The server checks the spec (parseConnectSpec) and names the server after its command or host.
    let spec: ConnectSpec;
    if (transport === 'stdio') {
      const [program = '', ...args] = splitCommandLine(command);
      spec = {
        type: 'stdio',
        name: '',
        command: program,
        args,
        env: pairs(env, /^([^=\s]+)=(.*)$/),
        era,
        ...(cwd !== '' && { cwd }),
      };
    } else {
      spec = { type: transport, name: '', url, headers: pairs(headers, /^([^:\s]+)\s*:\s?(.*)$/), era };
    }
    setBusy(true);
    channel
      .call({ type: 'connect', spec })
      .then((value) => {
        onConnected((value as { connection: string }).connection);
      })
      .catch(setError)
      .finally(() => {
        setBusy(false);
      });
  };
  return (
    <form class="connect" aria-label="Connect to a server" onSubmit={submit}>
      <h2>Connect to a server</h2>
      <div class="field">
        <label for="transport">Transport</label>
        <select
          id="transport"
          value={transport}
          onChange={(e) => {
            setTransport(e.currentTarget.value as 'stdio' | 'http' | 'sse');
          }}
        >
          <option value="stdio">stdio (start a command)</option>
          <option value="http">Streamable HTTP (falls back to HTTP+SSE)</option>
          <option value="sse">HTTP+SSE (2024-11-05)</option>
        </select>
      </div>
      {transport === 'stdio' ? (
        <>
          <div class="field">
            <label for="command">Command</label>
            <input
              id="command"
              class="mono"
              placeholder="npx -y @modelcontextprotocol/server-everything"
              value={command}
              onInput={(e) => {
                setCommand(e.currentTarget.value);
              }}
            />
          </div>
          <div class="field">
            <label for="env">Environment (NAME=value, one per line)</label>
            <textarea
              id="env"
              rows={2}
              class="mono"
              value={env}
              onInput={(e) => {
                setEnv(e.currentTarget.value);
              }}
            />
          </div>
          <div class="field">
            <label for="cwd">Working directory</label>
            <input
              id="cwd"
              class="mono"
              value={cwd}
              onInput={(e) => {
                setCwd(e.currentTarget.value);
              }}
            />
          </div>
        </>
      ) : (
        <>
          <div class="field">
            <label for="url">URL</label>
            <input
              id="url"
              type="url"
              class="mono"
              placeholder="http://127.0.0.1:3000/mcp"
              value={url}
              onInput={(e) => {
                setUrl(e.currentTarget.value);
              }}
            />
          </div>
          <div class="field">
            <label for="headers">Headers (Name: value, one per line)</label>
            <textarea
              id="headers"
              rows={2}
              class="mono"
              value={headers}
              onInput={(e) => {
                setHeaders(e.currentTarget.value);
              }}
            />
          </div>
        </>
      )}
      <div class="field">
        <label for="era">Era</label>
        <input
          id="era"
          list="eras"
          value={era}
          onInput={(e) => {
            setEra(e.currentTarget.value);
          }}
        />
        <datalist id="eras">
          {['auto', 'handshake', 'stateless', '2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'].map((v) => (
            <option value={v} key={v} />
          ))}
        </datalist>
      </div>
      <button type="submit" disabled={busy}>
        Connect
      </button>
      {busy ? <span role="status"> Connecting…</span> : null}
      {error === undefined ? null : <ErrorView error={error} />}
    </form>
  );
}
