import { describe, expect, it } from 'vitest';
import { assignToolNames, baseToolName, MODEL_TOOL_NAME } from './toolNames.js';

describe('model tool names', () => {
  it('are server__tool with every other character replaced', () => {
    expect(baseToolName('files', 'read_file')).toBe('files__read_file');
    expect(baseToolName('my server', 'ns.tool/v2')).toBe('my_server__ns_tool_v2');
  });

  it('are cut to 64 characters with a stable hash', () => {
    const name = baseToolName('server', 'x'.repeat(120));
    expect(name).toMatch(MODEL_TOOL_NAME);
    expect(name).toHaveLength(64);
    expect(baseToolName('server', 'x'.repeat(120))).toBe(name);
    expect(baseToolName('server', `${'x'.repeat(119)}y`)).not.toBe(name);
  });

  it('resolve collisions by server then tool order, whatever order they come in', () => {
    const keys = [
      { server: 'b', tool: 'x.y' },
      { server: 'a', tool: 'x_y' },
      { server: 'a', tool: 'x/y' },
    ];
    const names = assignToolNames(keys);
    // a/x/y < a/x_y in code-unit order: it keeps a__x_y; then a/x_y gets _2.
    expect(names).toEqual(['b__x_y', 'a__x_y_2', 'a__x_y']);
    expect(assignToolNames([...keys].reverse())).toEqual([...names].reverse());
  });

  it('never hand out a name twice, even where a suffix meets a real name', () => {
    const names = assignToolNames([
      { server: 's', tool: 'a.b' },
      { server: 's', tool: 'a_b' },
      { server: 's', tool: 'a_b_2' },
    ]);
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).toMatch(MODEL_TOOL_NAME);
  });
});
