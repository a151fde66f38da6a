import { describe, expect, it } from 'vitest';
import { splitCommandLine } from './commandLine.js';

describe('splitCommandLine', () => {
  it('splits on spaces and honours quotes and escapes', () => {
    expect(splitCommandLine('npx -y  @scope/server')).toEqual(['npx', '-y', '@scope/server']);
    expect(splitCommandLine(`node "my server.js" 'a b' c\\ d ""`)).toEqual(['node', 'my server.js', 'a b', 'c d', '']);
    expect(splitCommandLine('say "a \\"quote\\""')).toEqual(['say', 'a "quote"']);
    expect(splitCommandLine('   ')).toEqual([]);
  });
});
