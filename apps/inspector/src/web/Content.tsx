/**
 * Results rendered by kind: text, images and audio (as data: URLs, never
 * fetched), resource links, embedded resources, a tool's structured content
 * with the output-schema check, `isError`, and prompt messages.
 *
 * @module
 */
import type { JSX } from 'preact';

type Block = Record<string, unknown>;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** JSON, indented, in a scrollable block. */
export function Json({ value, label }: { readonly value: unknown; readonly label?: string }): JSX.Element {
  return (
    <pre class="json" aria-label={label}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function Resource({ resource }: { readonly resource: Block }): JSX.Element {
  const mime = text(resource['mimeType']);
  const blob = text(resource['blob']);
  return (
    <div class="resource">
      <div class="uri">
        {text(resource['uri'])} {mime === '' ? null : <small>({mime})</small>}
      </div>
      {typeof resource['text'] === 'string' ? <pre class="text">{resource['text']}</pre> : null}
      {blob !== '' && mime.startsWith('image/') ? <img alt={text(resource['uri'])} src={`data:${mime};base64,${blob}`} /> : null}
      {blob !== '' && mime.startsWith('audio/') ? <audio controls src={`data:${mime};base64,${blob}`} /> : null}
      {blob !== '' && !mime.startsWith('image/') && !mime.startsWith('audio/') ? (
        <small>{`${String(Math.floor((blob.length * 3) / 4))} bytes (base64)`}</small>
      ) : null}
    </div>
  );
}

/** One content block. */
export function ContentBlock({ block }: { readonly block: Block }): JSX.Element {
  switch (block['type']) {
    case 'text':
      return <pre class="text">{text(block['text'])}</pre>;
    case 'image':
      return <img alt="image content" src={`data:${text(block['mimeType'])};base64,${text(block['data'])}`} />;
    case 'audio':
      return <audio controls aria-label="audio content" src={`data:${text(block['mimeType'])};base64,${text(block['data'])}`} />;
    case 'resource_link':
      return (
        <div class="link">
          Resource link: <code>{text(block['uri'])}</code> {text(block['name'])}{' '}
          {block['description'] === undefined ? null : <small>{text(block['description'])}</small>}
        </div>
      );
    case 'resource':
      return <Resource resource={(block['resource'] ?? {}) as Block} />;
    default:
      return <Json value={block} />;
  }
}

/** A list of content blocks. */
export function Contents({ blocks }: { readonly blocks: unknown }): JSX.Element {
  const list = Array.isArray(blocks) ? (blocks as Block[]) : [];
  return (
    <div class="contents">
      {list.map((b, i) => (
        <ContentBlock block={b} key={i} />
      ))}
    </div>
  );
}

/** A `tools/call` result. */
export function ToolResult({ result }: { readonly result: Block }): JSX.Element {
  const isError = result['isError'] === true;
  const issues = result['outputIssues'];
  return (
    <section class={isError ? 'result error' : 'result'} aria-label="Result">
      <h3>{isError ? 'Result: the tool reported an error (isError)' : 'Result'}</h3>
      <Contents blocks={result['content']} />
      {result['structuredContent'] === undefined ? null : (
        <div>
          <h4>
            Structured content{' '}
            {issues === undefined ? (
              <span class="ok">(matches the output schema)</span>
            ) : (
              <span class="bad">(does not match the output schema)</span>
            )}
          </h4>
          <Json value={result['structuredContent']} />
          {issues === undefined ? null : <Json value={issues} label="Output schema issues" />}
        </div>
      )}
    </section>
  );
}

/** A `resources/read` result. */
export function ReadResult({ result }: { readonly result: Block }): JSX.Element {
  const contents = Array.isArray(result['contents']) ? (result['contents'] as Block[]) : [];
  return (
    <section class="result" aria-label="Resource contents">
      <h3>Contents</h3>
      {contents.map((c, i) => (
        <Resource resource={c} key={i} />
      ))}
    </section>
  );
}

/** A `prompts/get` result. */
export function PromptResult({ result }: { readonly result: Block }): JSX.Element {
  const messages = Array.isArray(result['messages']) ? (result['messages'] as Block[]) : [];
  return (
    <section class="result" aria-label="Prompt messages">
      <h3>Messages</h3>
      {result['description'] === undefined ? null : <p>{text(result['description'])}</p>}
      {messages.map((m, i) => (
        <div class="message" key={i}>
          <strong>{text(m['role'])}</strong>
          <Contents blocks={Array.isArray(m['content']) ? m['content'] : [m['content']]} />
        </div>
      ))}
    </section>
  );
}

/** An error from a request. */
export function ErrorView({ error }: { readonly error: unknown }): JSX.Element {
  return (
    <div class="error" role="alert">
      {error instanceof Error ? error.message : String(error)}
    </div>
  );
}
