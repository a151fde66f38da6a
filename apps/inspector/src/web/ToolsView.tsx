/**
 * Tools: the list, and for the chosen tool a form generated from its input
 * schema (or raw JSON), Run, progress and Cancel, and the result.
 *
 * @module
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { appResourceUri } from 'mcpkit/protocol';
import type { CallToolResult, Tool as WireTool } from 'mcpkit/protocol';
import { fieldsOf, initialDrafts, valueOf, type DraftRecord } from '../shared/schemaForm.js';
import { AppView } from './AppView.js';
import { ErrorView, Json, ToolResult } from './Content.js';
import { Problems } from './Problems.js';
import { Running } from './Progress.js';
import { SchemaFields } from './SchemaForm.js';
import { useRequest } from './useRequest.js';

interface Tool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema?: unknown;
  readonly outputSchema?: unknown;
  readonly annotations?: Record<string, unknown>;
  readonly _meta?: Record<string, unknown>;
}

function ToolForm({ tool, tools }: { readonly tool: Tool; readonly tools: readonly Tool[] }): JSX.Element {
  const fields = useMemo(() => fieldsOf(tool.inputSchema), [tool]);
  const [drafts, setDrafts] = useState<DraftRecord>(() => initialDrafts(fields));
  const [raw, setRaw] = useState<string | undefined>(undefined);
  const [problems, setProblems] = useState<string[]>([]);
  const call = useRequest();
  // Each run gets its own app frame (and bridge), with the arguments it ran with.
  const [ran, setRan] = useState<{ readonly n: number; readonly args: Record<string, unknown> }>({ n: 0, args: {} });
  const run = (event: Event): void => {
    event.preventDefault();
    let args: Record<string, unknown>;
    if (raw !== undefined) {
      try {
        args = JSON.parse(raw === '' ? '{}' : raw) as Record<string, unknown>;
      } catch (error) {
        setProblems([`Arguments: ${error instanceof Error ? error.message : String(error)}`]);
        return;
      }
    } else {
      const collected = valueOf(fields, drafts);
      if (!collected.ok) {
        setProblems(collected.problems.map((p) => `${p.path} ${p.message}`));
        return;
      }
      args = collected.value;
    }
    setProblems([]);
    setRan((r) => ({ n: r.n + 1, args }));
    void call.run('tools/call', { name: tool.name, arguments: args });
  };
  const toggleRaw = (): void => {
    if (raw !== undefined) {
      setRaw(undefined);
      return;
    }
    const collected = valueOf(fields, drafts);
    setRaw(JSON.stringify(collected.ok ? collected.value : {}, null, 2));
  };
  return (
    <section class="tool" aria-label={`Tool ${tool.name}`}>
      <h2>{tool.title ?? tool.name}</h2>
      {tool.description === undefined ? null : <p>{tool.description}</p>}
      <form onSubmit={run}>
        {raw === undefined ? (
          fields.length === 0 ? (
            <p>
              <em>No arguments.</em>
            </p>
          ) : (
            <SchemaFields fields={fields} drafts={drafts} onChange={setDrafts} idPrefix={`tool-${tool.name}`} />
          )
        ) : (
          <div class="field">
            <label for="raw-args">Arguments (JSON)</label>
            <textarea
              id="raw-args"
              class="mono"
              rows={8}
              value={raw}
              onInput={(e) => {
                setRaw(e.currentTarget.value);
              }}
            />
          </div>
        )}
        <Problems problems={problems} />
        <div class="buttons">
          <button type="submit" disabled={call.running}>
            Run
          </button>
          <button type="button" onClick={toggleRaw}>
            {raw === undefined ? 'Edit as JSON' : 'Edit as form'}
          </button>
        </div>
      </form>
      <Running state={call} />
      {call.error === undefined ? null : <ErrorView error={call.error} />}
      {call.result === undefined ? null : <ToolResult result={call.result} />}
      {call.result === undefined || appResourceUri(tool) === undefined ? null : (
        <AppView
          key={ran.n}
          tool={tool as WireTool}
          tools={tools as readonly WireTool[]}
          args={ran.args}
          result={call.result as unknown as CallToolResult}
        />
      )}
      <details>
        <summary>Schemas</summary>
        <Json value={{ inputSchema: tool.inputSchema, outputSchema: tool.outputSchema, annotations: tool.annotations }} />
      </details>
    </section>
  );
}

/**
 * The form's identity: a new form (fresh drafts) for another tool or a
 * changed schema, the same one when a list refresh sends the tool again
 * unchanged, so what the user typed stays. Resetting in an effect instead
 * would run after the first paint and wipe a value typed before it.
 */
function formKey(tool: Tool): string {
  return `${tool.name}\u0000${JSON.stringify(tool.inputSchema ?? null)}`;
}

/** The Tools view. */
export function ToolsView(): JSX.Element {
  const list = useRequest();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  // The last list received: a refresh keeps it (and the open form, with what
  // was typed) until the new one arrives, instead of emptying the view.
  const [tools, setTools] = useState<readonly Tool[]>([]);
  const listTools = (): void => {
    void list.run('tools/list').then((result) => {
      if (result !== undefined) setTools((result['tools'] ?? []) as Tool[]);
    });
  };
  useEffect(listTools, []);
  const tool = tools.find((t) => t.name === chosen);
  return (
    <div class="split">
      <div class="list" aria-label="Tool list" role="region">
        <button type="button" onClick={listTools} disabled={list.running}>
          List tools
        </button>
        {list.error === undefined ? null : <ErrorView error={list.error} />}
        <ul>
          {tools.map((t) => (
            <li key={t.name}>
              <button
                type="button"
                class={t.name === chosen ? 'chosen' : ''}
                aria-pressed={t.name === chosen}
                onClick={() => {
                  setChosen(t.name);
                }}
              >
                {t.name}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div class="detail">
        {tool === undefined ? <p>Choose a tool.</p> : <ToolForm tool={tool} tools={tools} key={formKey(tool)} />}
      </div>
    </div>
  );
}
