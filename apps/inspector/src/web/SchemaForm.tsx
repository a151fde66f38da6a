/**
 * A form built from a JSON Schema (see `shared/schemaForm.ts`): one control
 * per field, each labelled with its property name, the title and
 * description beside it, nested objects as fieldsets, arrays with Add and
 * Remove, a "null" checkbox for nullable fields.
 *
 * @module
 */
import type { JSX } from 'preact';
import { inputTypeFor, initialDraft, type Draft, type DraftRecord, type Field, type VariantDraft } from '../shared/schemaForm.js';

interface FieldProps {
  readonly field: Field;
  readonly draft: Draft | undefined;
  readonly onChange: (draft: Draft) => void;
  /** Unique within the page, for label/control pairing. */
  readonly idPrefix: string;
  /** The label; the property name unless this is an array item. */
  readonly label?: string;
}

function Hint({ field, id }: { readonly field: Field; readonly id: string }): JSX.Element | null {
  const parts = [field.title !== undefined && field.title !== field.name ? field.title : undefined, field.description].filter(
    Boolean,
  );
  if (field.kind === 'number' || field.kind === 'integer') {
    if (field.minimum !== undefined) parts.push(`≥ ${String(field.minimum)}`);
    if (field.maximum !== undefined) parts.push(`≤ ${String(field.maximum)}`);
  }
  if (field.kind === 'string' && field.format !== undefined) parts.push(`format: ${field.format}`);
  if (parts.length === 0) return null;
  return (
    <small id={id} class="hint">
      {parts.join(' · ')}
    </small>
  );
}

const str = (d: Draft | undefined): string => (typeof d === 'string' ? d : '');

/** One field's control. */
export function FieldControl({ field, draft, onChange, idPrefix, label }: FieldProps): JSX.Element {
  const id = `${idPrefix}-${field.name}`.replace(/[^\w-]/g, '_');
  const hintId = `${id}-hint`;
  const name = label ?? field.name;
  const isNull = draft === null;
  const nullBox = field.nullable ? (
    <label class="null">
      <input
        type="checkbox"
        checked={isNull}
        onChange={(e) => {
          onChange(e.currentTarget.checked ? null : initialDraft(field));
        }}
      />{' '}
      null
    </label>
  ) : null;
  const caption = (
    <span class="caption">
      <label for={id}>{name}</label>
      {field.required ? <span aria-hidden="true"> *</span> : null}
    </span>
  );
  if (field.kind === 'object') {
    const record = (typeof draft === 'object' && draft !== null && !Array.isArray(draft) ? draft : {}) as DraftRecord;
    return (
      <fieldset class="field" aria-label={name}>
        <legend>{name}</legend>
        <Hint field={field} id={hintId} />
        {nullBox}
        {isNull ? null : (
          <SchemaFields
            fields={field.fields}
            drafts={record}
            idPrefix={id}
            onChange={(next) => {
              onChange(next);
            }}
          />
        )}
      </fieldset>
    );
  }
  if (field.kind === 'array') {
    const items = (Array.isArray(draft) ? draft : []) as readonly Draft[];
    return (
      <fieldset class="field" aria-label={name}>
        <legend>{name}</legend>
        <Hint field={field} id={hintId} />
        {items.map((item, i) => (
          <div class="array-item" key={i}>
            <FieldControl
              field={field.items}
              draft={item}
              idPrefix={`${id}-${String(i)}`}
              label={`${name} ${String(i + 1)}`}
              onChange={(next) => {
                onChange(items.map((d, j) => (j === i ? next : d)));
              }}
            />
            <button
              type="button"
              onClick={() => {
                onChange(items.filter((_, j) => j !== i));
              }}
              aria-label={`Remove ${name} ${String(i + 1)}`}
            >
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          onClick={() => {
            onChange([...items, initialDraft(field.items)]);
          }}
          aria-label={`Add ${name}`}
        >
          Add
        </button>
      </fieldset>
    );
  }
  if (field.kind === 'variants') {
    const chosen = (
      typeof draft === 'object' && draft !== null && 'variant' in draft ? draft : { variant: 0, draft: '' }
    ) as VariantDraft;
    const variant = field.variants[chosen.variant];
    return (
      <fieldset class="field" aria-label={name}>
        <legend>{name}</legend>
        <Hint field={field} id={hintId} />
        <label for={`${id}-variant`}>{`${name} variant`}</label>
        <select
          id={`${id}-variant`}
          value={String(chosen.variant)}
          onChange={(e) => {
            const i = Number(e.currentTarget.value);
            const v = field.variants[i];
            onChange({ variant: i, draft: v === undefined ? '' : initialDraft(v.field) });
          }}
        >
          {field.variants.map((v, i) => (
            <option value={String(i)} key={i}>
              {v.label}
            </option>
          ))}
        </select>
        {variant === undefined ? null : (
          <FieldControl
            field={variant.field}
            draft={chosen.draft}
            idPrefix={`${id}-v`}
            label={name}
            onChange={(next) => {
              onChange({ variant: chosen.variant, draft: next });
            }}
          />
        )}
      </fieldset>
    );
  }
  let control: JSX.Element;
  switch (field.kind) {
    case 'boolean':
      control = (
        <input
          id={id}
          type="checkbox"
          checked={draft === true}
          aria-describedby={hintId}
          onChange={(e) => {
            onChange(e.currentTarget.checked);
          }}
        />
      );
      break;
    case 'enum':
      control = (
        <select
          id={id}
          value={str(draft)}
          aria-describedby={hintId}
          onChange={(e) => {
            onChange(e.currentTarget.value);
          }}
        >
          <option value="">—</option>
          {field.choices.map((c, i) => (
            <option value={String(i)} key={i}>
              {c.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'multiselect': {
      const picked = (Array.isArray(draft) ? draft : []) as readonly number[];
      control = (
        <select
          id={id}
          multiple
          aria-describedby={hintId}
          onChange={(e) => {
            onChange([...e.currentTarget.selectedOptions].map((o) => Number(o.value)));
          }}
        >
          {field.choices.map((c, i) => (
            <option value={String(i)} key={i} selected={picked.includes(i)}>
              {c.label}
            </option>
          ))}
        </select>
      );
      break;
    }
    case 'number':
    case 'integer':
      control = (
        <input
          id={id}
          type="number"
          step={field.kind === 'integer' ? 1 : 'any'}
          min={field.minimum}
          max={field.maximum}
          value={str(draft)}
          aria-describedby={hintId}
          aria-required={field.required}
          onInput={(e) => {
            onChange(e.currentTarget.value);
          }}
        />
      );
      break;
    case 'json':
      control = (
        <textarea
          id={id}
          rows={3}
          class="mono"
          aria-describedby={hintId}
          value={str(draft)}
          onInput={(e) => {
            onChange(e.currentTarget.value);
          }}
        />
      );
      break;
    case 'string':
      control = (
        <input
          id={id}
          type={inputTypeFor(field.format)}
          maxLength={field.maxLength}
          value={str(draft)}
          aria-describedby={hintId}
          aria-required={field.required}
          onInput={(e) => {
            onChange(e.currentTarget.value);
          }}
        />
      );
      break;
  }
  return (
    <div class="field">
      {caption}
      {isNull ? <em> null</em> : control}
      {nullBox}
      <Hint field={field} id={hintId} />
    </div>
  );
}

/** The controls of a list of fields. */
export function SchemaFields({
  fields,
  drafts,
  onChange,
  idPrefix,
}: {
  readonly fields: readonly Field[];
  readonly drafts: DraftRecord;
  readonly onChange: (drafts: DraftRecord) => void;
  readonly idPrefix: string;
}): JSX.Element {
  return (
    <>
      {fields.map((f) => (
        <FieldControl
          key={f.name}
          field={f}
          draft={drafts[f.name]}
          idPrefix={idPrefix}
          onChange={(d) => {
            onChange({ ...drafts, [f.name]: d });
          }}
        />
      ))}
    </>
  );
}
