/**
 * Prompts: the list, the chosen prompt's arguments (completed by the
 * server), Get prompt, and the messages rendered.
 *
 * @module
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { CompletingInput } from './Completing.js';
import { ErrorView, PromptResult } from './Content.js';
import { useRequest } from './useRequest.js';

interface Prompt {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments?: readonly { readonly name: string; readonly description?: string; readonly required?: boolean }[];
}

function PromptForm({ prompt }: { readonly prompt: Prompt }): JSX.Element {
  const [values, setValues] = useState<Record<string, string>>({});
  const get = useRequest();
  return (
    <section aria-label={`Prompt ${prompt.name}`}>
      <h2>{prompt.title ?? prompt.name}</h2>
      {prompt.description === undefined ? null : <p>{prompt.description}</p>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const args = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
          void get.run('prompts/get', { name: prompt.name, ...(Object.keys(args).length > 0 && { arguments: args }) });
        }}
      >
        {(prompt.arguments ?? []).map((a) => (
          <div class="field" key={a.name}>
            <span class="caption">
              <label for={`prompt-${a.name}`}>{a.name}</label>
              {a.required === true ? <span aria-hidden="true"> *</span> : null}
            </span>
            <CompletingInput
              id={`prompt-${a.name}`}
              name={a.name}
              value={values[a.name] ?? ''}
              context={values}
              completionRef={{ type: 'ref/prompt', name: prompt.name }}
              onInput={(v) => {
                setValues({ ...values, [a.name]: v });
              }}
            />
            {a.description === undefined ? null : <small class="hint">{a.description}</small>}
          </div>
        ))}
        <button type="submit" disabled={get.running}>
          Get prompt
        </button>
      </form>
      {get.error === undefined ? null : <ErrorView error={get.error} />}
      {get.result === undefined ? null : <PromptResult result={get.result} />}
    </section>
  );
}

/** The Prompts view. */
export function PromptsView(): JSX.Element {
  const list = useRequest();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  useEffect(() => {
    void list.run('prompts/list');
  }, []);
  const prompts = (list.result?.['prompts'] ?? []) as Prompt[];
  const prompt = prompts.find((p) => p.name === chosen);
  return (
    <div class="split">
      <div class="list" role="region" aria-label="Prompt list">
        <button type="button" onClick={() => void list.run('prompts/list')}>
          List prompts
        </button>
        {list.error === undefined ? null : <ErrorView error={list.error} />}
        <ul>
          {prompts.map((p) => (
            <li key={p.name}>
              <button
                type="button"
                aria-pressed={p.name === chosen}
                onClick={() => {
                  setChosen(p.name);
                }}
              >
                {p.name}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div class="detail">
        {prompt === undefined ? <p>Choose a prompt.</p> : <PromptForm prompt={prompt} key={prompt.name} />}
      </div>
    </div>
  );
}
