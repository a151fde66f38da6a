/**
 * A JSON Schema as a form: the fields to show (`fieldsOf`), each one's
 * starting draft from the schema's defaults (`initialDraft`), and the drafts
 * turned back into the JSON value to send, with every problem named by its
 * path (`valueOf`). Pure data, so the browser renders it and tests check it.
 *
 * Covered: strings (with `format`, lengths), numbers and integers (bounds),
 * enums (plain, `oneOf`/`anyOf` of titled consts), booleans, arrays (of any
 * field; of an enum as a multi-select), nested objects, nullable types
 * (`type: [T, "null"]` or `anyOf: [T, {type: "null"}]`), defaults, and
 * `oneOf`/`anyOf` of other schemas as a choice of variants. Anything else is
 * a raw-JSON field.
 *
 * @module
 */

type Schema = Record<string, unknown>;

/** One choice of an enum. */
export interface Choice {
  readonly value: unknown;
  readonly label: string;
}

interface Common {
  /** The property name (the field's label); the item index for array items. */
  readonly name: string;
  readonly title: string | undefined;
  readonly description: string | undefined;
  readonly required: boolean;
  /** May be null (a "null" checkbox beside it). */
  readonly nullable: boolean;
  readonly default: unknown;
}

/** A form field. */
export type Field =
  | (Common & {
      readonly kind: 'string';
      readonly format: string | undefined;
      readonly minLength?: number;
      readonly maxLength?: number;
    })
  | (Common & { readonly kind: 'number' | 'integer'; readonly minimum?: number; readonly maximum?: number })
  | (Common & { readonly kind: 'boolean' })
  | (Common & { readonly kind: 'enum'; readonly choices: readonly Choice[] })
  | (Common & { readonly kind: 'multiselect'; readonly choices: readonly Choice[] })
  | (Common & { readonly kind: 'array'; readonly items: Field })
  | (Common & { readonly kind: 'object'; readonly fields: readonly Field[] })
  | (Common & { readonly kind: 'variants'; readonly variants: readonly { readonly label: string; readonly field: Field }[] })
  | (Common & { readonly kind: 'json' });

/**
 * What the user has typed or picked, per field kind: text for strings and
 * numbers (checked on collection), a boolean, a choice index ('' for none),
 * indexes for a multi-select, a list or record of drafts, a variant and its
 * draft, or JSON text. `null` stands for an explicit null.
 */
export type Draft = string | boolean | null | readonly number[] | readonly Draft[] | DraftRecord | VariantDraft;
/** An object's draft, by property. */
export interface DraftRecord {
  readonly [name: string]: Draft;
}
/** A variant field's draft: which variant and its draft. */
export interface VariantDraft {
  readonly variant: number;
  readonly draft: Draft;
}

/** A problem with a draft, at a path such as `address.zip` or `tags[2]`. */
export interface FieldProblem {
  readonly path: string;
  readonly message: string;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The schema without its `null` alternative, and whether it had one. */
function unwrapNull(schema: Schema): { schema: Schema; nullable: boolean } {
  const type = schema['type'];
  if (Array.isArray(type) && type.includes('null')) {
    const rest = type.filter((t) => t !== 'null');
    return { schema: { ...schema, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (!Array.isArray(options)) continue;
    const others = options.filter((o) => !(isSchema(o) && o['type'] === 'null'));
    if (others.length === options.length - 1 && others.length >= 1) {
      const { [key]: _dropped, ...outer } = schema;
      const inner = others.length === 1 && isSchema(others[0]) ? { ...outer, ...others[0] } : { ...outer, [key]: others };
      return { schema: inner, nullable: true };
    }
  }
  return { schema, nullable: false };
}

/** `oneOf`/`anyOf` whose every option is a `const` (titled enum), as choices. */
function constChoices(options: unknown): Choice[] | undefined {
  if (!Array.isArray(options) || options.length === 0) return undefined;
  const choices: Choice[] = [];
  for (const option of options) {
    if (!isSchema(option) || !('const' in option)) return undefined;
    choices.push({ value: option['const'], label: str(option['title']) ?? JSON.stringify(option['const']) });
  }
  return choices;
}

function enumChoices(schema: Schema): Choice[] | undefined {
  const values = schema['enum'];
  if (Array.isArray(values)) {
    const names = Array.isArray(schema['enumNames']) ? (schema['enumNames'] as unknown[]) : [];
    return values.map((value: unknown, i) => ({
      value,
      label: str(names[i]) ?? (typeof value === 'string' ? value : JSON.stringify(value)),
    }));
  }
  return constChoices(schema['oneOf']) ?? constChoices(schema['anyOf']);
}

/** The field for the schema of one property (or array item). */
export function fieldOf(name: string, raw: unknown, required: boolean): Field {
  const { schema, nullable } = unwrapNull(isSchema(raw) ? raw : {});
  const common: Common = {
    name,
    title: str(schema['title']),
    description: str(schema['description']),
    required,
    nullable,
    default: schema['default'],
  };
  const choices = enumChoices(schema);
  if (choices !== undefined) return { ...common, kind: 'enum', choices };
  const type = schema['type'];
  switch (type) {
    case 'string': {
      const minLength = num(schema['minLength']);
      const maxLength = num(schema['maxLength']);
      return {
        ...common,
        kind: 'string',
        format: str(schema['format']),
        ...(minLength !== undefined && { minLength }),
        ...(maxLength !== undefined && { maxLength }),
      };
    }
    case 'number':
    case 'integer': {
      const minimum = num(schema['minimum']);
      const maximum = num(schema['maximum']);
      return { ...common, kind: type, ...(minimum !== undefined && { minimum }), ...(maximum !== undefined && { maximum }) };
    }
    case 'boolean':
      return { ...common, kind: 'boolean' };
    case 'array': {
      const items = isSchema(schema['items']) ? schema['items'] : {};
      const itemChoices = enumChoices(items);
      if (itemChoices !== undefined) return { ...common, kind: 'multiselect', choices: itemChoices };
      return { ...common, kind: 'array', items: fieldOf(`${name} item`, items, true) };
    }
    case 'object':
      return isSchema(schema['properties'])
        ? { ...common, kind: 'object', fields: fieldsOf(schema) }
        : { ...common, kind: 'json' };
    default:
      break;
  }
  const options = schema['oneOf'] ?? schema['anyOf'];
  if (Array.isArray(options) && options.length > 0) {
    const variants = options.map((option, i) => {
      const title = isSchema(option) ? (str(option['title']) ?? str(option['type'])) : undefined;
      return { label: title ?? `option ${String(i + 1)}`, field: fieldOf(name, option, true) };
    });
    return { ...common, kind: 'variants', variants };
  }
  if (isSchema(schema['properties'])) return { ...common, kind: 'object', fields: fieldsOf(schema) };
  return { ...common, kind: 'json' };
}

/** The fields of an object schema (a tool's `inputSchema`, an elicitation's `requestedSchema`), in property order. */
export function fieldsOf(schema: unknown): Field[] {
  if (!isSchema(schema) || !isSchema(schema['properties'])) return [];
  const required = new Set(Array.isArray(schema['required']) ? schema['required'].filter((r) => typeof r === 'string') : []);
  return Object.entries(schema['properties']).map(([name, property]) => fieldOf(name, property, required.has(name)));
}

/** The draft a field starts with: its default, or empty. */
export function initialDraft(field: Field): Draft {
  const d = field.default;
  switch (field.kind) {
    case 'string':
      return typeof d === 'string' ? d : '';
    case 'number':
    case 'integer':
      return typeof d === 'number' ? String(d) : '';
    case 'boolean':
      return d === true;
    case 'enum': {
      const i = field.choices.findIndex((c) => JSON.stringify(c.value) === JSON.stringify(d));
      return i < 0 ? '' : String(i);
    }
    case 'multiselect':
      return Array.isArray(d)
        ? field.choices.flatMap((c, i) => (d.some((v) => JSON.stringify(v) === JSON.stringify(c.value)) ? [i] : []))
        : [];
    case 'array':
      return Array.isArray(d) ? d.map(() => initialDraft(field.items)) : [];
    case 'object':
      return initialDrafts(field.fields);
    case 'variants':
      return { variant: 0, draft: field.variants[0] === undefined ? '' : initialDraft(field.variants[0].field) };
    case 'json':
      return d === undefined ? '' : JSON.stringify(d, null, 2);
  }
}

/** The starting drafts of a form's fields, by name. */
export function initialDrafts(fields: readonly Field[]): DraftRecord {
  return Object.fromEntries(fields.map((f) => [f.name, initialDraft(f)]));
}

const OMIT = Symbol('omit');
type Collected = unknown;

function join(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

function collect(field: Field, draft: Draft | undefined, path: string, problems: FieldProblem[]): Collected {
  if (draft === null) {
    if (field.nullable) return null;
    problems.push({ path, message: 'may not be null' });
    return OMIT;
  }
  const missing = (): typeof OMIT => {
    if (field.required) problems.push({ path, message: 'is required' });
    return OMIT;
  };
  switch (field.kind) {
    case 'string': {
      const text = typeof draft === 'string' ? draft : '';
      if (text === '') return missing();
      if (field.minLength !== undefined && text.length < field.minLength)
        problems.push({ path, message: `needs at least ${String(field.minLength)} characters` });
      if (field.maxLength !== undefined && text.length > field.maxLength)
        problems.push({ path, message: `takes at most ${String(field.maxLength)} characters` });
      return text;
    }
    case 'number':
    case 'integer': {
      const text = typeof draft === 'string' ? draft.trim() : '';
      if (text === '') return missing();
      const n = Number(text);
      if (!Number.isFinite(n)) {
        problems.push({ path, message: `needs a number, not ${JSON.stringify(text)}` });
        return OMIT;
      }
      if (field.kind === 'integer' && !Number.isInteger(n)) problems.push({ path, message: 'needs a whole number' });
      if (field.minimum !== undefined && n < field.minimum)
        problems.push({ path, message: `must be at least ${String(field.minimum)}` });
      if (field.maximum !== undefined && n > field.maximum)
        problems.push({ path, message: `must be at most ${String(field.maximum)}` });
      return n;
    }
    case 'boolean':
      return draft === true;
    case 'enum': {
      const choice = typeof draft === 'string' && draft !== '' ? field.choices[Number(draft)] : undefined;
      return choice === undefined ? missing() : choice.value;
    }
    case 'multiselect': {
      const picked = Array.isArray(draft) ? (draft as readonly unknown[]) : [];
      if (picked.length === 0 && field.required) return missing();
      return picked.flatMap((i) => (typeof i === 'number' && field.choices[i] !== undefined ? [field.choices[i].value] : []));
    }
    case 'array': {
      const items = Array.isArray(draft) ? (draft as readonly Draft[]) : [];
      if (items.length === 0 && !field.required) return OMIT;
      return items.map((item, i) => {
        const value = collect(field.items, item, `${path}[${String(i)}]`, problems);
        return value === OMIT ? null : value;
      });
    }
    case 'object': {
      const record = isDraftRecord(draft) ? draft : {};
      const inner: FieldProblem[] = [];
      const value = collectRecord(field.fields, record, path, inner);
      // An optional object left empty is left out, its own required fields with it.
      if (!field.required && Object.keys(value).length === 0 && inner.every((p) => p.message === 'is required')) return OMIT;
      problems.push(...inner);
      return value;
    }
    case 'variants': {
      const chosen = isVariantDraft(draft) ? draft : { variant: 0, draft: '' };
      const variant = field.variants[chosen.variant];
      if (variant === undefined) return missing();
      return collect({ ...variant.field, required: field.required }, chosen.draft, path, problems);
    }
    case 'json': {
      const text = typeof draft === 'string' ? draft.trim() : '';
      if (text === '') return missing();
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        problems.push({ path, message: `is not valid JSON (${error instanceof Error ? error.message : String(error)})` });
        return OMIT;
      }
    }
  }
}

function isDraftRecord(draft: Draft | undefined): draft is DraftRecord {
  return typeof draft === 'object' && draft !== null && !Array.isArray(draft) && !('variant' in draft && 'draft' in draft);
}
function isVariantDraft(draft: Draft | undefined): draft is VariantDraft {
  return typeof draft === 'object' && draft !== null && !Array.isArray(draft) && 'variant' in draft && 'draft' in draft;
}

function collectRecord(
  fields: readonly Field[],
  drafts: DraftRecord,
  path: string,
  problems: FieldProblem[],
): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const field of fields) {
    const v = collect(field, drafts[field.name], join(path, field.name), problems);
    if (v !== OMIT) value[field.name] = v;
  }
  return value;
}

/** The JSON object a form's drafts stand for, or the problems that keep it from being sent. */
export function valueOf(
  fields: readonly Field[],
  drafts: DraftRecord,
):
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly problems: readonly FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const value = collectRecord(fields, drafts, '', problems);
  return problems.length === 0 ? { ok: true, value } : { ok: false, problems };
}

/** The HTML input type for a string format. */
export function inputTypeFor(format: string | undefined): string {
  switch (format) {
    case 'email':
      return 'email';
    case 'uri':
    case 'url':
      return 'url';
    case 'date':
      return 'date';
    case 'date-time':
      return 'datetime-local';
    case 'time':
      return 'time';
    default:
      return 'text';
  }
}
