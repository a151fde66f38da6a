/**
 * A text input that asks the server for completions as the user types
 * (`completion/complete`), offered through a datalist.
 *
 * @module
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { useScope } from './context.js';

/** What the completion refers to. */
export type CompletionRef =
  { readonly type: 'ref/prompt'; readonly name: string } | { readonly type: 'ref/resource'; readonly uri: string };

/** An input labelled `name`, completed by the server when it offers completions. */
export function CompletingInput({
  id,
  name,
  value,
  onInput,
  completionRef,
  context,
}: {
  readonly id: string;
  readonly name: string;
  readonly value: string;
  readonly onInput: (value: string) => void;
  readonly completionRef: CompletionRef;
  readonly context: Readonly<Record<string, string>>;
}): JSX.Element {
  const { channel, connection } = useScope();
  const [options, setOptions] = useState<readonly string[]>([]);
  const canComplete = connection.capabilities?.['completions'] !== undefined;
  const ask = (text: string): void => {
    if (!canComplete) return;
    const others = Object.fromEntries(Object.entries(context).filter(([k, v]) => k !== name && v !== ''));
    channel
      .call({
        type: 'request',
        connection: connection.id,
        method: 'completion/complete',
        params: {
          ref: completionRef,
          argument: { name, value: text },
          ...(Object.keys(others).length > 0 && { context: { arguments: others } }),
        },
      })
      .then((r) => {
        const values = (r as { completion?: { values?: unknown } }).completion?.values;
        setOptions(Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : []);
      })
      .catch(() => {
        setOptions([]);
      });
  };
  return (
    <>
      <input
        id={id}
        list={`${id}-options`}
        value={value}
        onFocus={(e) => {
          ask(e.currentTarget.value);
        }}
        onInput={(e) => {
          onInput(e.currentTarget.value);
          ask(e.currentTarget.value);
        }}
      />
      <datalist id={`${id}-options`}>
        {options.map((o) => (
          <option value={o} key={o} />
        ))}
      </datalist>
    </>
  );
}
