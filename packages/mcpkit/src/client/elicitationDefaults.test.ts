import { describe, expect, it } from 'vitest';
import type { ElicitFormParams } from '../protocol/types/index.js';
import { withFormDefaults } from './elicitationDefaults.js';

const params: ElicitFormParams = {
  message: 'Profile',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', default: 'Guest' },
      age: { type: 'number', default: 0 },
      admin: { type: 'boolean', default: false },
      colors: { type: 'array', items: { type: 'string', enum: ['r', 'g'] }, default: ['r'] },
      note: { type: 'string' },
    },
  },
};

describe('withFormDefaults', () => {
  it('fills defaults, including falsy ones, for fields left out', () => {
    expect(withFormDefaults(params, { action: 'accept', content: { name: 'Ada' } })).toEqual({
      action: 'accept',
      content: { name: 'Ada', age: 0, admin: false, colors: ['r'] },
    });
  });

  it('keeps what the user gave, and fills an absent content entirely', () => {
    expect(
      withFormDefaults(params, { action: 'accept', content: { name: '', age: 7, admin: true, colors: [] } }).content,
    ).toEqual({ name: '', age: 7, admin: true, colors: [] });
    expect(withFormDefaults(params, { action: 'accept' }).content).toEqual({
      name: 'Guest',
      age: 0,
      admin: false,
      colors: ['r'],
    });
  });

  it('leaves declined and cancelled answers alone', () => {
    const declined = { action: 'decline' } as const;
    expect(withFormDefaults(params, declined)).toBe(declined);
    expect(withFormDefaults(params, { action: 'cancel' })).toEqual({ action: 'cancel' });
  });

  it('returns the same answer when nothing needs filling', () => {
    const noDefaults: ElicitFormParams = {
      message: 'x',
      requestedSchema: { type: 'object', properties: { a: { type: 'string' } } },
    };
    const answer = { action: 'accept', content: {} } as const;
    expect(withFormDefaults(noDefaults, answer)).toBe(answer);
  });
});
