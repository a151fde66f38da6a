/**
 * What servers ask of the user: an elicitation (the form from its
 * `requestedSchema`, or a URL to open; Accept, Decline, Cancel) or a sampling
 * request (the messages shown; the reply typed into "Reply", then Approve or
 * Reject). Shown above the views until answered.
 *
 * @module
 */
import { safeLink } from 'mcpkit/protocol';
import type { JSX } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { Ask } from '../shared/channel.js';
import { fieldsOf, initialDrafts, valueOf, type DraftRecord } from '../shared/schemaForm.js';
import type { Channel } from './channel.js';
import { Contents, ErrorView, Json } from './Content.js';
import { Problems } from './Problems.js';
import { ServerLink } from './ServerLink.js';
import { SchemaFields } from './SchemaForm.js';

type Answer = (answer: unknown) => void;

/** A button that answers the ask with `value` at once. */
function AnswerButton({
  answer,
  value,
  children,
}: {
  readonly answer: Answer;
  readonly value: unknown;
  readonly children: string;
}): JSX.Element {
  return (
    <button
      type="button"
      onClick={() => {
        answer(value);
      }}
    >
      {children}
    </button>
  );
}

function ElicitationForm({ ask, answer }: { readonly ask: Ask; readonly answer: Answer }): JSX.Element {
  const fields = useMemo(() => fieldsOf(ask.params['requestedSchema']), [ask]);
  const [drafts, setDrafts] = useState<DraftRecord>(() => initialDrafts(fields));
  const [problems, setProblems] = useState<readonly string[]>([]);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const collected = valueOf(fields, drafts);
        if (!collected.ok) {
          setProblems(collected.problems.map((p) => `${p.path} ${p.message}`));
          return;
        }
        answer({ action: 'accept', content: collected.value });
      }}
    >
      <SchemaFields fields={fields} drafts={drafts} onChange={setDrafts} idPrefix={`ask-${ask.id.slice(0, 8)}`} />
      <Problems problems={problems} />
      <div class="buttons">
        <button type="submit">Accept</button>
        <AnswerButton answer={answer} value={{ action: 'decline' }}>
          Decline
        </AnswerButton>
        <AnswerButton answer={answer} value={{ action: 'cancel' }}>
          Cancel
        </AnswerButton>
      </div>
    </form>
  );
}

function ElicitationUrl({ ask, answer }: { readonly ask: Ask; readonly answer: Answer }): JSX.Element {
  const url = typeof ask.params['url'] === 'string' ? ask.params['url'] : '';
  // The client library refuses such a URL before it gets here; the page checks again rather than trust that.
  const openable = safeLink(url).ok;
  return (
    <div>
      <p>
        The server asks you to open: <ServerLink url={url} />
      </p>
      <div class="buttons">
        {openable ? (
          <AnswerButton answer={answer} value={{ action: 'accept' }}>
            Accept
          </AnswerButton>
        ) : null}
        <AnswerButton answer={answer} value={{ action: 'decline' }}>
          Decline
        </AnswerButton>
      </div>
    </div>
  );
}

function Sampling({ ask, answer }: { readonly ask: Ask; readonly answer: Answer }): JSX.Element {
  const [reply, setReply] = useState('');
  const [model, setModel] = useState('mcpkit-inspector');
  const messages = Array.isArray(ask.params['messages']) ? (ask.params['messages'] as Record<string, unknown>[]) : [];
  const { messages: _m, ...rest } = ask.params;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        answer({ role: 'assistant', content: { type: 'text', text: reply }, model, stopReason: 'endTurn' });
      }}
    >
      {messages.map((m, i) => (
        <div class="message" key={i}>
          <strong>{String(m['role'])}</strong>
          <Contents blocks={Array.isArray(m['content']) ? m['content'] : [m['content']]} />
        </div>
      ))}
      <details>
        <summary>Request parameters</summary>
        <Json value={rest} />
      </details>
      <div class="field">
        <label for={`reply-${ask.id}`}>Reply</label>
        <textarea
          id={`reply-${ask.id}`}
          rows={4}
          value={reply}
          onInput={(e) => {
            setReply(e.currentTarget.value);
          }}
        />
      </div>
      <div class="field">
        <label for={`model-${ask.id}`}>Model</label>
        <input
          id={`model-${ask.id}`}
          value={model}
          onInput={(e) => {
            setModel(e.currentTarget.value);
          }}
        />
      </div>
      <div class="buttons">
        <button type="submit">Approve</button>
        <AnswerButton answer={answer} value={{ reject: true }}>
          Reject
        </AnswerButton>
      </div>
    </form>
  );
}

/** The waiting requests, newest last. */
export function AsksPanel({
  asks,
  channel,
  labelOf,
}: {
  readonly asks: readonly Ask[];
  readonly channel: Channel;
  readonly labelOf: (id: string) => string;
}): JSX.Element | null {
  const [error, setError] = useState<unknown>(undefined);
  if (asks.length === 0) return null;
  return (
    <div class="asks">
      {error === undefined ? null : <ErrorView error={error} />}
      {asks.map((ask) => {
        const answer: Answer = (value) => {
          setError(undefined);
          channel.call({ type: 'answer', ask: ask.id, answer: value }).catch(setError);
        };
        const isSampling = ask.method === 'sampling/createMessage';
        const title = isSampling ? 'Sampling request' : 'Elicitation request';
        return (
          <section class="ask" role="dialog" aria-label={title} key={ask.id}>
            <h2>
              {title} <small>from {labelOf(ask.connection)}</small>
            </h2>
            {isSampling ? null : <p>{typeof ask.params['message'] === 'string' ? ask.params['message'] : ''}</p>}
            {isSampling ? (
              <Sampling ask={ask} answer={answer} />
            ) : ask.mode === 'url' ? (
              <ElicitationUrl ask={ask} answer={answer} />
            ) : (
              <ElicitationForm ask={ask} answer={answer} />
            )}
          </section>
        );
      })}
    </div>
  );
}
