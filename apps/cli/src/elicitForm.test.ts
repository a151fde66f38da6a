import { describe, expect, it } from 'vitest';
import type { ElicitFormParams } from 'mcpkit/protocol';
import { askForm } from './elicitForm.js';

const FORM: ElicitFormParams = {
  message: 'Tell us about you',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 2 },
      age: { type: 'integer', minimum: 0, default: 30 },
      subscribe: { type: 'boolean' },
      color: {
        type: 'string',
        oneOf: [
          { const: 'r', title: 'Red' },
          { const: 'g', title: 'Green' },
        ],
      },
      tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] } },
      note: { type: 'string' },
    },
    required: ['name'],
  },
};

/** A scripted terminal: answers in order, then end of input. */
function script(...answers: (string | undefined)[]) {
  const questions: string[] = [];
  let written = '';
  return {
    ask: (q: string) => {
      questions.push(q);
      return Promise.resolve(answers.shift());
    },
    write: (text: string) => {
      written += text;
    },
    questions,
    written: () => written,
  };
}

describe('askForm', () => {
  it('asks each field, re-asks bad answers, takes defaults on empty answers, and sends', async () => {
    const t = script('', 'A', 'Ada', 'x', '', 'maybe', 'yes', '2', 'a, c', '', 'y');
    const result = await askForm(FORM, t.ask, t.write);
    expect(result).toEqual({
      action: 'accept',
      content: { name: 'Ada', age: 30, subscribe: true, color: 'g', tags: ['a', 'c'] },
    });
    expect(t.written()).toContain('The server asks: Tell us about you');
    expect(t.written()).toContain('This field is required.');
    expect(t.written()).toContain('At least 2 characters.');
    expect(t.written()).toContain('2) g (Green)');
    expect(t.written()).toContain('Answer yes or no.');
    expect(t.questions).toContain('age [integer, default 30]: ');
  });

  it('declines when the user says no at the end', async () => {
    const t = script('Ada', '', '', '', '', '', 'n');
    expect(await askForm(FORM, t.ask, t.write)).toEqual({ action: 'decline' });
  });

  it('cancels at end of input', async () => {
    const t = script('Ada', undefined);
    expect(await askForm(FORM, t.ask, t.write)).toEqual({ action: 'cancel' });
  });

  it('re-asks until a value fits the schema: formats, patterns and list sizes too', async () => {
    const form: ElicitFormParams = {
      message: 'Contact',
      requestedSchema: {
        type: 'object',
        properties: {
          email: { type: 'string', format: 'email' },
          picks: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, maxItems: 2 },
        },
        required: ['email'],
      },
    };
    const t = script('not-an-email', 'ada@example.com', 'a,b,c', 'a,b', 'y');
    expect(await askForm(form, t.ask, t.write)).toEqual({
      action: 'accept',
      content: { email: 'ada@example.com', picks: ['a', 'b'] },
    });
    expect(t.written()).toMatch(/Not valid: must match format "email"/);
    expect(t.written()).toMatch(/Not valid: must NOT have more than 2 items/);
    expect(t.questions.filter((q) => q.startsWith('email'))).toHaveLength(2);
  });
});
