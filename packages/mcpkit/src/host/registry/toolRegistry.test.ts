// The host's tool registry and MCP Apps visibility: what the model sees and may call.
import { describe, expect, it } from 'vitest';
import { ToolRegistry } from './toolRegistry.js';
describe('MCP Apps visibility', () => {
  it("hides tools only apps may call from the model's list and calls, and keeps them for apps", () => {
    const registry = new ToolRegistry();
    const tool = (name: string, visibility?: string[]) => ({
      name,
      inputSchema: { type: 'object' as const },
      ...(visibility !== undefined && { _meta: { ui: { visibility } } }),
    });
    registry.set('s', [tool('both'), tool('model_only', ['model']), tool('app_only', ['app'])]);
    expect(registry.modelTools().map((t) => t.name)).toEqual(['s__both', 's__model_only']);
    expect(registry.resolveForModel('s__app_only')).toBeUndefined();
    expect(registry.resolveForModel('s__both')?.tool.name).toBe('both');
    expect(registry.find('s', 'app_only')?.tool.name).toBe('app_only');
  });

  it('pairs each model definition with its own entry when an app-only tool sits between them', () => {
    const registry = new ToolRegistry();
    const tool = (name: string, visibility?: string[]) => ({
      name,
      inputSchema: { type: 'object' as const },
      ...(visibility !== undefined && { _meta: { ui: { visibility } } }),
    });
    registry.set('s', [tool('first'), tool('app_only', ['app']), tool('last')]);
    const entries = registry.modelEntries();
    const definitions = registry.modelTools();
    expect(entries.map((e) => e.tool.name)).toEqual(['first', 'last']);
    expect(definitions.map((d) => d.name)).toEqual(entries.map((e) => e.name));
  });
});
