/**
 * Resources and templates: list, read, subscribe (updates are flagged), and
 * a template's variables filled in with the server's completions.
 *
 * @module
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { CompletingInput } from './Completing.js';
import { ErrorView, ReadResult } from './Content.js';
import { useScope } from './context.js';
import { useRequest } from './useRequest.js';

interface Resource {
  readonly uri: string;
  readonly name?: string;
  readonly mimeType?: string;
}
interface Template {
  readonly uriTemplate: string;
  readonly name?: string;
}

/** The variable names of a URI template (`{id}`, `{+path}`, `{?q,lang}`). */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(/\{([^}]+)\}/g)) {
    for (const part of (match[1] ?? '').replace(/^[+#./;?&]/, '').split(',')) {
      const name = part.replace(/[*]$|:\d+$/, '');
      if (name !== '' && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** Fills a URI template simply (level 1: each `{name}` by its encoded value). */
function expand(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^}]+)\}/g, (_, inner: string) => {
    const name = inner.replace(/^[+#./;?&]/, '');
    return encodeURIComponent(values[name] ?? '');
  });
}

function TemplateForm({
  template,
  onRead,
}: {
  readonly template: Template;
  readonly onRead: (uri: string) => void;
}): JSX.Element {
  const names = useMemo(() => templateVariables(template.uriTemplate), [template]);
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <form
      class="template"
      aria-label={`Template ${template.uriTemplate}`}
      onSubmit={(e) => {
        e.preventDefault();
        onRead(expand(template.uriTemplate, values));
      }}
    >
      <code>{template.uriTemplate}</code>
      {names.map((name) => (
        <div class="field" key={name}>
          <label for={`tpl-${name}`}>{name}</label>
          <CompletingInput
            id={`tpl-${name}`}
            name={name}
            value={values[name] ?? ''}
            context={values}
            completionRef={{ type: 'ref/resource', uri: template.uriTemplate }}
            onInput={(v) => {
              setValues({ ...values, [name]: v });
            }}
          />
        </div>
      ))}
      <button type="submit" aria-label={`Read ${template.uriTemplate}`}>
        Read
      </button>
    </form>
  );
}

/** The Resources view. */
export function ResourcesView({ updated }: { readonly updated: ReadonlySet<string> }): JSX.Element {
  const { channel, connection } = useScope();
  const list = useRequest();
  const templates = useRequest();
  const read = useRequest();
  const [uri, setUri] = useState('');
  const [subscribed, setSubscribed] = useState<ReadonlySet<string>>(new Set());
  const [subscribeError, setSubscribeError] = useState<unknown>(undefined);
  useEffect(() => {
    void list.run('resources/list');
    void templates.run('resources/templates/list');
  }, []);
  const doRead = (target: string): void => {
    setUri(target);
    void read.run('resources/read', { uri: target });
  };
  const subscribe = (target: string): void => {
    setSubscribeError(undefined);
    channel
      .call({ type: 'subscribe', connection: connection.id, uri: target })
      .then(() => {
        setSubscribed(new Set([...subscribed, target]));
      })
      .catch(setSubscribeError);
  };
  const resources = (list.result?.['resources'] ?? []) as Resource[];
  const tpls = (templates.result?.['resourceTemplates'] ?? []) as Template[];
  return (
    <div class="split">
      <div class="list" role="region" aria-label="Resource list">
        <button type="button" onClick={() => void list.run('resources/list')}>
          List resources
        </button>
        {list.error === undefined ? null : <ErrorView error={list.error} />}
        <ul>
          {resources.map((r) => (
            <li key={r.uri}>
              <button
                type="button"
                aria-pressed={r.uri === uri}
                onClick={() => {
                  setUri(r.uri);
                }}
              >
                {r.name ?? r.uri}
              </button>
              {updated.has(r.uri) ? <span class="badge">updated</span> : null}
            </li>
          ))}
        </ul>
        <h3>Templates</h3>
        {templates.error === undefined ? null : <ErrorView error={templates.error} />}
        {tpls.map((t) => (
          <TemplateForm template={t} key={t.uriTemplate} onRead={doRead} />
        ))}
      </div>
      <div class="detail">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            doRead(uri);
          }}
        >
          <div class="field">
            <label for="resource-uri">URI</label>
            <input
              id="resource-uri"
              value={uri}
              onInput={(e) => {
                setUri(e.currentTarget.value);
              }}
            />
          </div>
          <div class="buttons">
            <button type="submit" disabled={uri === ''}>
              Read
            </button>
            <button
              type="button"
              disabled={uri === '' || subscribed.has(uri)}
              onClick={() => {
                subscribe(uri);
              }}
            >
              {subscribed.has(uri) ? 'Subscribed' : 'Subscribe'}
            </button>
          </div>
        </form>
        {subscribeError === undefined ? null : <ErrorView error={subscribeError} />}
        {updated.has(uri) ? (
          <p role="status">The server says this resource was updated: Read it again to see the change.</p>
        ) : null}
        {read.error === undefined ? null : <ErrorView error={read.error} />}
        {read.result === undefined ? null : <ReadResult result={read.result} />}
      </div>
    </div>
  );
}
