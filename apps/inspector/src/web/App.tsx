/**
 * The inspector's page: the connections side by side (one tab each, plus
 * "New connection"), the chosen connection's views (Server, Tools,
 * Resources, Prompts, Session), the server's waiting requests above them,
 * and its wire log beside them.
 *
 * @module
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Ask, ConnectionInfo, ServerMessage } from '../shared/channel.js';
import type { WireEntry } from '../shared/wire.js';
import { AsksPanel } from './AsksPanel.js';
import { Channel } from './channel.js';
import { ConnectForm } from './ConnectForm.js';
import { ScopeContext } from './context.js';
import { PromptsView } from './PromptsView.js';
import { ResourcesView } from './ResourcesView.js';
import { ServerView } from './ServerView.js';
import { SessionView } from './SessionView.js';
import { ToolsView } from './ToolsView.js';
import { WireLog } from './WireLog.js';

const VIEWS = ['Server', 'Tools', 'Resources', 'Prompts', 'Session'] as const;
type View = (typeof VIEWS)[number];

/** The page. */
export function App(): JSX.Element {
  const [connections, setConnections] = useState<readonly ConnectionInfo[]>([]);
  const [asks, setAsks] = useState<readonly Ask[]>([]);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  const [view, setView] = useState<View>('Server');
  const [down, setDown] = useState<string | undefined>(undefined);
  const [updated, setUpdated] = useState<ReadonlyMap<string, ReadonlySet<string>>>(new Map());
  const wire = useRef(new Map<string, WireEntry[]>());
  const [wireVersion, setWireVersion] = useState(0);
  const frame = useRef<number | undefined>(undefined);

  const channel = useMemo(() => {
    const onPush = (m: Exclude<ServerMessage, { type: 'reply' | 'progress' }>): void => {
      switch (m.type) {
        case 'hello':
          setConnections(m.connections);
          setAsks(m.asks);
          setChosen((c) => c ?? m.connections[0]?.id);
          break;
        case 'connection':
          setConnections((list) =>
            list.some((c) => c.id === m.connection.id)
              ? list.map((c) => (c.id === m.connection.id ? m.connection : c))
              : [...list, m.connection],
          );
          break;
        case 'wire': {
          let list = wire.current.get(m.connection);
          if (list === undefined) wire.current.set(m.connection, (list = []));
          for (const e of m.entries) list.push(e);
          // Many batches in one frame render once.
          frame.current ??= requestAnimationFrame(() => {
            frame.current = undefined;
            setWireVersion((v) => v + 1);
          });
          break;
        }
        case 'ask':
          setAsks((list) => [...list, m.ask]);
          break;
        case 'askDone':
          setAsks((list) => list.filter((a) => a.id !== m.ask));
          break;
        case 'updated':
          setUpdated((map) => new Map([...map, [m.connection, new Set([...(map.get(m.connection) ?? []), m.uri])]]));
          break;
      }
    };
    return new Channel(onPush as never, setDown);
  }, []);

  useEffect(() => {
    if (chosen === undefined && connections.length > 0) setChosen(connections[0]?.id);
  }, [connections, chosen]);

  const connection = connections.find((c) => c.id === chosen);
  const showForm = adding || connection === undefined;
  const labelOf = (id: string): string => connections.find((c) => c.id === id)?.label ?? id;
  return (
    <div class="app">
      <header>
        <h1>mcpkit inspector</h1>
        <nav aria-label="Connections" class="tabs">
          {connections.map((c) => (
            <button
              type="button"
              key={c.id}
              aria-pressed={!showForm && c.id === chosen}
              class={`conn ${c.status}`}
              onClick={() => {
                setChosen(c.id);
                setAdding(false);
              }}
            >
              {c.label} <small>({c.status})</small>
            </button>
          ))}
          <button
            type="button"
            aria-pressed={showForm}
            onClick={() => {
              setAdding(true);
            }}
          >
            New connection
          </button>
        </nav>
      </header>
      {down === undefined ? null : (
        <div class="error" role="alert">
          Disconnected from the inspector: {down}
        </div>
      )}
      <AsksPanel asks={asks} channel={channel} labelOf={labelOf} />
      {showForm ? (
        <main>
          <ConnectForm
            channel={channel}
            onConnected={(id) => {
              setChosen(id);
              setAdding(false);
              setView('Server');
            }}
          />
        </main>
      ) : (
        <ScopeContext.Provider value={{ channel, connection }}>
          <div class="workspace">
            <main>
              <div class="conn-bar">
                <nav aria-label="Views" class="views">
                  {VIEWS.map((v) => (
                    <button
                      type="button"
                      key={v}
                      aria-pressed={v === view}
                      onClick={() => {
                        setView(v);
                      }}
                    >
                      {v}
                    </button>
                  ))}
                </nav>
                <span class="state">
                  {connection.status === 'connected'
                    ? `${connection.era ?? ''} · ${connection.revision ?? ''}`
                    : connection.status}
                  {connection.recording ? ' · recording' : ''}
                </span>
                <button
                  type="button"
                  onClick={() => void channel.call({ type: 'reconnect', connection: connection.id }).catch(() => undefined)}
                >
                  Reconnect
                </button>
                <button
                  type="button"
                  onClick={() => void channel.call({ type: 'close', connection: connection.id }).catch(() => undefined)}
                >
                  Disconnect
                </button>
              </div>
              {connection.status !== 'connected' ? (
                <ServerView key={`${connection.id}-server`} />
              ) : view === 'Server' ? (
                <ServerView key={`${connection.id}-server`} />
              ) : view === 'Tools' ? (
                <ToolsView key={`${connection.id}-tools`} />
              ) : view === 'Resources' ? (
                <ResourcesView key={`${connection.id}-resources`} updated={updated.get(connection.id) ?? new Set()} />
              ) : view === 'Prompts' ? (
                <PromptsView key={`${connection.id}-prompts`} />
              ) : (
                <SessionView key={`${connection.id}-session`} />
              )}
            </main>
            <WireLog key={connection.id} entries={wire.current.get(connection.id) ?? []} version={wireVersion} />
          </div>
        </ScopeContext.Provider>
      )}
    </div>
  );
}
