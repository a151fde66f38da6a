/**
 * A form-mode elicitation answered at the terminal: each field asked in turn,
 * its default shown and taken on an empty answer, choices numbered, and asked
 * again until the value fits the form's schema (formats included); then the
 * user sends, declines, or (end of input) cancels.
 *
 * @module
 */
import type { ElicitFormParams, ElicitResult, ElicitValue, PrimitiveSchemaDefinition } from 'mcpkit/protocol';
import { checkFormAnswer, formatIssues } from 'mcpkit/schema';

/** Asks one question; undefined at end of input. */
export type Ask = (question: string) => Promise<string | undefined>;

/** One choice of an enum field. */
interface Choice {
  readonly value: string;
  readonly label: string | undefined;
}

type Field = PrimitiveSchemaDefinition & Readonly<Record<string, unknown>>;

/** Asks the whole form; resolves with the answer to send. */
export async function askForm(params: ElicitFormParams, ask: Ask, write: (text: string) => void): Promise<ElicitResult> {
  write(`\nThe server asks: ${params.message}\n`);
  const required = new Set(params.requestedSchema.required ?? []);
  const content: Record<string, ElicitValue> = {};
  for (const [name, schema] of Object.entries(params.requestedSchema.properties)) {
    const field = schema as Field;
    const choices = choicesOf(field);
    const title = typeof field.title === 'string' ? field.title : name;
    const help = typeof field.description === 'string' ? ` — ${field.description}` : '';
    write(`${title}${required.has(name) ? ' (required)' : ''}${help}\n`);
    if (choices.length > 0)
      write(choices.map((c, i) => `  ${String(i + 1)}) ${c.value}${c.label === undefined ? '' : ` (${c.label})`}\n`).join(''));
    for (;;) {
      const answer = await ask(`${name}${hint(field)}: `);
      if (answer === undefined) return { action: 'cancel' };
      if (answer.trim() === '') {
        if (field.default !== undefined) content[name] = field.default;
        else if (required.has(name)) {
          write('  This field is required.\n');
          continue;
        }
        break;
      }
      const parsed = parseAnswer(field, choices, answer.trim());
      const problem = isProblem(parsed) ? parsed.problem : await fieldProblem(name, schema, parsed);
      if (problem !== undefined) {
        write(`  ${problem}\n`);
        continue;
      }
      content[name] = parsed as ElicitValue;
      break;
    }
  }
  const send = await ask('Send these answers? [Y/n] ');
  if (send === undefined) return { action: 'cancel' };
  return /^n/i.test(send.trim()) ? { action: 'decline' } : { action: 'accept', content };
}

/**
 * What the form's own schema says of a parsed value (formats such as `email`,
 * patterns, list sizes), checked with the library's validator so the answer
 * sent is one the server accepts; undefined if it fits.
 */
async function fieldProblem(name: string, field: PrimitiveSchemaDefinition, value: ElicitValue): Promise<string | undefined> {
  const verdict = await checkFormAnswer({ type: 'object', properties: { [name]: field } }, { [name]: value });
  return verdict.ok ? undefined : `Not valid: ${formatIssues(verdict.issues).replaceAll(`/${name}: `, '')}.`;
}

function isProblem(value: ElicitValue | { problem: string }): value is { problem: string } {
  return typeof value === 'object' && !Array.isArray(value);
}

/** What is shown after the field name: the kind of value and the default. */
function hint(field: Field): string {
  const kind = field.type === 'array' ? 'comma-separated choices' : field.type === 'string' ? undefined : field.type;
  const def =
    field.default === undefined
      ? undefined
      : `default ${Array.isArray(field.default) ? field.default.join(',') : String(field.default)}`;
  const parts = [kind, def].filter((p) => p !== undefined);
  return parts.length === 0 ? '' : ` [${parts.join(', ')}]`;
}

/** The choices of an enum field (single or multi select, titled or not). */
function choicesOf(field: Field): Choice[] {
  const source = field.type === 'array' ? ((field['items'] as Readonly<Record<string, unknown>> | undefined) ?? {}) : field;
  const names = Array.isArray(field['enumNames']) ? (field['enumNames'] as unknown[]) : [];
  if (Array.isArray(source['enum'])) {
    return (source['enum'] as unknown[]).map((v, i) => ({
      value: String(v),
      label: typeof names[i] === 'string' ? names[i] : undefined,
    }));
  }
  const titled = source['oneOf'] ?? source['anyOf'];
  if (!Array.isArray(titled)) return [];
  return (titled as { const?: unknown; title?: unknown }[]).map((o) => ({
    value: String(o.const),
    label: typeof o.title === 'string' ? o.title : undefined,
  }));
}

/** The typed value of an answer, or what is wrong with it. */
function parseAnswer(field: Field, choices: readonly Choice[], text: string): ElicitValue | { problem: string } {
  switch (field.type) {
    case 'boolean':
      if (/^(y|yes|true|1)$/i.test(text)) return true;
      if (/^(n|no|false|0)$/i.test(text)) return false;
      return { problem: 'Answer yes or no.' };
    case 'number':
    case 'integer': {
      const n = Number(text);
      if (!Number.isFinite(n) || (field.type === 'integer' && !Number.isInteger(n)))
        return { problem: `Enter ${field.type === 'integer' ? 'a whole number' : 'a number'}.` };
      if (typeof field['minimum'] === 'number' && n < field['minimum'])
        return { problem: `At least ${String(field['minimum'])}.` };
      if (typeof field['maximum'] === 'number' && n > field['maximum'])
        return { problem: `At most ${String(field['maximum'])}.` };
      return n;
    }
    case 'array': {
      const picked: string[] = [];
      for (const part of text
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '')) {
        const choice = pick(choices, part);
        if (choice === undefined) return { problem: `${JSON.stringify(part)} is not one of the choices.` };
        picked.push(choice);
      }
      return picked;
    }
    default: {
      if (choices.length > 0) return pick(choices, text) ?? { problem: 'Pick one of the choices (its number or value).' };
      if (typeof field['minLength'] === 'number' && text.length < field['minLength'])
        return { problem: `At least ${String(field['minLength'])} characters.` };
      if (typeof field['maxLength'] === 'number' && text.length > field['maxLength'])
        return { problem: `At most ${String(field['maxLength'])} characters.` };
      return text;
    }
  }
}

/** A choice by its number, value or label. */
function pick(choices: readonly Choice[], text: string): string | undefined {
  const index = /^\d+$/.test(text) ? Number(text) - 1 : -1;
  return (choices[index] ?? choices.find((c) => c.value === text || c.label === text))?.value;
}
