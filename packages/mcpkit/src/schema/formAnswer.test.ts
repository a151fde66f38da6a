import { describe, expect, it } from 'vitest';
import type { ElicitRequestedSchema } from '../protocol/types/index.js';
import { checkFormAnswer } from './formAnswer.js';

const FORM: ElicitRequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    color: { type: 'string', enum: ['red', 'green'] },
    toppings: { type: 'array', items: { type: 'string', enum: ['cheese', 'olives'] }, maxItems: 1 },
  },
  required: ['name'],
};

describe('checkFormAnswer', () => {
  it('accepts values the form allows, and an absent optional field', async () => {
    expect(await checkFormAnswer(FORM, { name: 'Ada', email: 'ada@example.com', age: 36, toppings: ['olives'] })).toEqual({
      ok: true,
      value: { name: 'Ada', email: 'ada@example.com', age: 36, toppings: ['olives'] },
    });
  });

  it.each([
    ['a number over its maximum', { name: 'Ada', age: 999 }, '/age'],
    ['a fraction where an integer is asked', { name: 'Ada', age: 3.5 }, '/age'],
    ['a string where a list is asked', { name: 'Ada', toppings: 'cheese' }, '/toppings'],
    ['too many choices', { name: 'Ada', toppings: ['cheese', 'olives'] }, '/toppings'],
    ['a choice not offered', { name: 'Ada', color: 'blue' }, '/color'],
    ['an invalid email', { name: 'Ada', email: 'nope' }, '/email'],
    ['an empty required string', { name: '' }, '/name'],
  ])('refuses %s', async (_what, content, path) => {
    const verdict = await checkFormAnswer(FORM, content);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.issues.map((i) => i.path)).toContain(path);
  });

  it('reads absent content as an empty answer (a required field is then missing)', async () => {
    const verdict = await checkFormAnswer(FORM, undefined);
    expect(verdict.ok).toBe(false);
  });

  it('compiles a form once however often it is asked', async () => {
    const form: ElicitRequestedSchema = { type: 'object', properties: { n: { type: 'number', maximum: 1 } } };
    for (let i = 0; i < 3; i++) expect((await checkFormAnswer({ ...form }, { n: 2 })).ok).toBe(false);
  });
});
