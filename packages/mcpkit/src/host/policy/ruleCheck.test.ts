import { describe, expect, it } from 'vitest';
import { closest, editDistance, unmatchedRules } from './ruleCheck.js';

const known = new Map<string, readonly string[] | undefined>([
  ['time', ['get_current_time', 'convert_time']],
  ['files', undefined],
]);

describe('rules that match nothing', () => {
  it('measure names by edit distance', () => {
    expect(editDistance('get_curent_time', 'get_current_time')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(closest('get_curent_time', ['convert_time', 'get_current_time'])).toBe('get_current_time');
    expect(closest('x', [])).toBeUndefined();
  });

  it('name the closest tool of a typo, in every place a rule can be written', () => {
    const problems = unmatchedRules(
      {
        tools: { 'time/get_curent_time': 'deny', 'time/*': 'ask', 'time/convert_time': 'allow' },
        servers: { time: { tools: { convrt_time: 'deny' } } },
      },
      known,
      [{ server: 'time', tools: ['get_current_tim'] }],
    );
    expect(problems.map((p) => [p.rule, p.decision, p.message])).toEqual([
      ['time/convrt_time', 'deny', 'matches no tool of time; the closest is "time/convert_time"'],
      ['time/get_curent_time', 'deny', 'matches no tool of time; the closest is "time/get_current_time"'],
      ['time/get_current_tim', 'allow', 'matches no tool of time; the closest is "time/get_current_time"'],
    ]);
  });

  it('name the closest server, and check a server that has not started by name only', () => {
    expect(unmatchedRules({ servers: { tme: 'deny' }, tools: { 'files/anything': 'deny' } }, known)).toEqual([
      { rule: 'tme', decision: 'deny', server: 'tme', message: 'names no server "tme"; the closest is "time"' },
    ]);
    expect(unmatchedRules({ servers: { x: 'allow' } }, new Map())[0]?.message).toBe('names no server "x" (there are none)');
  });
});
