import { describe, expect, it } from 'vitest';
import { ToolSwitches } from './toolSwitches.js';

describe('ToolSwitches', () => {
  it('follows the config: exclude beats include; no lists: all on', () => {
    const s = new ToolSwitches();
    s.configure('a', { includeTools: ['x', 'y'], excludeTools: ['y'] });
    expect([s.enabled('a', 'x'), s.enabled('a', 'y'), s.enabled('a', 'z'), s.enabled('b', 'z')]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it('a tool switch beats the server switch and the config; switching the server drops its tool switches', () => {
    const s = new ToolSwitches();
    s.configure('a', { excludeTools: ['x'] });
    s.set('a', 'x', true);
    expect(s.enabled('a', 'x')).toBe(true);
    s.set('a', undefined, false);
    expect([s.enabled('a', 'x'), s.enabled('a', 'y')]).toEqual([false, false]);
    s.set('a', 'y', true);
    expect(s.enabled('a', 'y')).toBe(true);
    s.set('a', undefined, true);
    expect([s.enabled('a', 'x'), s.enabled('a', 'y')]).toEqual([false, true]);
  });
});
