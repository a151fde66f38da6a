/**
 * An MCP App in the inspector: the tool's `ui://` document, read from the
 * server and served from the sandbox origin (another port), framed with
 * `sandbox="allow-scripts"` (no same-origin, no top navigation, no popups),
 * and driven by mcpkit's bridge. Every bridge message goes to the wire log;
 * the app's tool calls, links and messages wait for the user (a tool may be
 * allowed for the rest of the app's life), never carried out silently. The
 * browser features its server asks for (camera, microphone, geolocation,
 * clipboard) are granted only when the user says so, before the app loads.
 *
 * @module
 */
import { AppBridge, appAllowList, appResourceUri, type AppMessage } from 'mcpkit/host/apps';
import type { CallToolResult, ReadResourceResult, Tool } from 'mcpkit/protocol';
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { AppFrame } from '../shared/channel.js';
import { useScope } from './context.js';
import { framePort } from './framePort.js';

/** The user's answer: yes, no, or (a tool call) yes to this tool for as long as the app lives. */
type Answer = boolean | 'always';

/** A request from the app the user decides. */
interface AppAsk {
  readonly id: number;
  readonly kind: 'link' | 'message' | 'tool';
  readonly text: string;
  /** A tool call's arguments, as JSON. */
  readonly detail?: string;
  readonly resolve: (answer: Answer) => void;
}

function messageText(message: AppMessage): string {
  return message.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('\n');
}

const MIN_HEIGHT = 40;
const MAX_HEIGHT = 2000;

/** The app of `tool`'s call, given its arguments and result. */
export function AppView(props: {
  readonly tool: Tool;
  readonly tools: readonly Tool[];
  readonly args: Record<string, unknown>;
  readonly result: CallToolResult;
}): JSX.Element {
  const { tool, tools, args, result } = props;
  const { channel, connection } = useScope();
  const uri = appResourceUri(tool) ?? '';
  const frame = useRef<HTMLIFrameElement>(null);
  const [app, setApp] = useState<AppFrame | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [height, setHeight] = useState(160);
  const [asks, setAsks] = useState<readonly AppAsk[]>([]);
  const [notes, setNotes] = useState<readonly string[]>([]);
  // The browser features the server asks for (camera, microphone...): none until the user grants them.
  const wanted = app === undefined ? '' : appAllowList(app.meta['permissions']);
  const [granted, setGranted] = useState<string | undefined>(undefined);
  const allow = wanted === '' ? '' : granted;

  useEffect(() => {
    channel.call({ type: 'openApp', connection: connection.id, uri }).then(
      (value) => {
        setApp(value as AppFrame);
      },
      (error: unknown) => {
        setProblem(`The app could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  }, [uri]);

  useEffect(() => {
    const iframe = frame.current;
    // The frame loads once the permissions are decided: its allow list counts only at navigation.
    if (app === undefined || iframe === null || allow === undefined) return;
    let next = 0;
    const askFor = (kind: AppAsk['kind'], text: string, detail?: string): Promise<Answer> =>
      new Promise((resolve) => {
        const id = ++next;
        setAsks((all) => [
          ...all,
          {
            id,
            kind,
            text,
            ...(detail !== undefined && { detail }),
            resolve: (answer) => {
              setAsks((now) => now.filter((a) => a.id !== id));
              resolve(answer);
            },
          },
        ]);
      });
    const ask = async (kind: AppAsk['kind'], text: string): Promise<boolean> => (await askFor(kind, text)) !== false;
    // Tools the user allowed for this app, for as long as it is shown.
    const allowedTools = new Set<string>();
    const request = (method: string, params: Record<string, unknown>): Promise<unknown> =>
      channel.call({ type: 'request', connection: connection.id, method, params });
    const bridge = new AppBridge({
      port: framePort(iframe),
      tool,
      tools,
      hostInfo: { name: 'mcpkit-inspector', version: '0.1.0' },
      hostContext: { theme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light', platform: 'web' },
      server: {
        callTool: (params) => request('tools/call', { ...params }) as Promise<CallToolResult>,
        readResource: (params) => request('resources/read', { ...params }) as Promise<ReadResourceResult>,
      },
      decisions: {
        approveToolCall: async (name, callArgs) => {
          if (allowedTools.has(name)) return true;
          const answer = await askFor('tool', name, JSON.stringify(callArgs, null, 2));
          if (answer === 'always') allowedTools.add(name);
          return answer !== false;
        },
        openLink: async (url) => {
          const yes = await ask('link', url.href);
          if (yes) window.open(url.href, '_blank', 'noopener,noreferrer');
          return yes;
        },
        message: (message) => ask('message', messageText(message)),
        sizeChanged: (size) => {
          if (size.height !== undefined) setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, size.height)));
        },
        log: (entry) => {
          setNotes((all) => [...all.slice(-19), `${entry.level}: ${JSON.stringify(entry.data)}`]);
        },
      },
      onTraffic: (direction, message) => {
        const dir = direction === 'host→app' ? 'out' : 'in';
        channel.call({ type: 'appTraffic', connection: connection.id, app: uri, dir, message }).catch(() => undefined);
      },
    });
    bridge.toolInput(args);
    bridge.toolResult(result);
    // The first load is the app; any later one is the frame gone elsewhere: the bridge stops talking to it.
    let loads = 0;
    const onLoad = (): void => {
      if (++loads > 1) {
        bridge.close();
        setProblem('The app left its document (the frame navigated): its bridge is closed.');
      }
    };
    iframe.addEventListener('load', onLoad);
    iframe.src = app.url;
    return () => {
      iframe.removeEventListener('load', onLoad);
      void bridge.teardown(500);
    };
  }, [app, allow]);

  const border = app?.meta['prefersBorder'] !== false;
  return (
    <section class="app" aria-label="App">
      <h3>
        App <code>{uri}</code>
      </h3>
      {problem === undefined ? null : <p role="alert">{problem}</p>}
      {app === undefined || app.dropped.length === 0 ? null : (
        <details class="csp-dropped">
          <summary>
            The server's CSP named {app.dropped.length} {app.dropped.length === 1 ? 'origin' : 'origins'} the app may not reach
          </summary>
          <ul aria-label="Dropped CSP entries">
            {app.dropped.map((d) => (
              <li key={`${d.key} ${d.entry}`}>
                <code>{d.entry}</code> ({d.key}): {d.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {app === undefined || allow !== undefined ? null : (
        <div role="region" aria-label="App permissions" class="ask">
          <p>
            The app asks for these browser features: <code>{wanted}</code>
          </p>
          <button
            type="button"
            onClick={() => {
              setGranted(wanted);
            }}
          >
            Allow them
          </button>{' '}
          <button
            type="button"
            onClick={() => {
              setGranted('');
            }}
          >
            Run without them
          </button>
        </div>
      )}
      {app === undefined || allow === undefined ? null : (
        <iframe
          ref={frame}
          title={`App ${uri}`}
          sandbox="allow-scripts"
          allow={allow}
          referrerpolicy="no-referrer"
          class={border ? 'app-frame bordered' : 'app-frame'}
          style={{ height: `${String(height)}px` }}
        />
      )}
      {asks.length === 0 ? null : (
        <div role="region" aria-label="App requests">
          {asks.map((a) => (
            <div key={a.id} class="ask">
              {a.kind === 'tool' ? (
                <>
                  <p>
                    The app asks to call the tool <code>{a.text}</code> with:
                  </p>
                  <pre class="text">{a.detail}</pre>
                </>
              ) : a.kind === 'link' ? (
                <p>
                  The app asks to open <code>{a.text}</code>
                </p>
              ) : (
                <p>
                  The app asks to send a message to the conversation: <q>{a.text}</q>
                </p>
              )}
              <button
                type="button"
                onClick={() => {
                  a.resolve(true);
                }}
              >
                {a.kind === 'tool' ? 'Allow call' : a.kind === 'link' ? 'Open link' : 'Accept message'}
              </button>{' '}
              {a.kind === 'tool' ? (
                <>
                  <button
                    type="button"
                    onClick={() => {
                      a.resolve('always');
                    }}
                  >
                    Allow {a.text} for this app
                  </button>{' '}
                </>
              ) : null}
              <button
                type="button"
                onClick={() => {
                  a.resolve(false);
                }}
              >
                Refuse
              </button>
            </div>
          ))}
        </div>
      )}
      {notes.length === 0 ? null : (
        <details>
          <summary>App log</summary>
          <pre class="text">{notes.join('\n')}</pre>
        </details>
      )}
    </section>
  );
}
