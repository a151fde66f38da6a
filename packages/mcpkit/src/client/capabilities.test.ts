// The capabilities a client declares, and what a server sees of them: the
// MCP Apps extension only when the application says it renders apps.
import { describe, expect, it } from 'vitest';
import { McpServer } from '../server/index.js';
import { connectInMemory } from '../testing/connectInMemory.js';
import { declaredCapabilities } from './capabilities.js';

describe('declaredCapabilities', () => {
  it('declares MCP Apps only when asked, with the MIME types given', () => {
    expect(declaredCapabilities({ tasks: false }, {})).toEqual({});
    expect(declaredCapabilities({ tasks: false, apps: false }, {})).toEqual({});
    expect(declaredCapabilities({ tasks: false, apps: true }, {})).toEqual({
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    });
    expect(
      declaredCapabilities(
        { apps: { mimeTypes: ['text/html;profile=mcp-app'] }, capabilities: { extensions: { 'x.example/y': {} } } },
        {},
      ),
    ).toEqual({
      extensions: {
        'x.example/y': {},
        'io.modelcontextprotocol/tasks': {},
        'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
      },
    });
  });

  for (const era of ['handshake', 'stateless'] as const) {
    it(`reaches the server's tools in the ${era} era`, async () => {
      const server = new McpServer({ name: 'caps', version: '1.0.0' });
      server.tool({ name: 'ui_caps' }, (_args, ctx) =>
        JSON.stringify(ctx.clientCapabilities.extensions?.['io.modelcontextprotocol/ui'] ?? null),
      );
      const client = await connectInMemory(server, { apps: true, era });
      const result = await client.callTool({ name: 'ui_caps' });
      expect(result.content).toEqual([{ type: 'text', text: '{"mimeTypes":["text/html;profile=mcp-app"]}' }]);
      await client.close();
    });
  }
});
