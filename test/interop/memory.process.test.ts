// The reference knowledge-graph server from npm (@modelcontextprotocol/server-memory)
// over stdio, its graph in a temporary file: entities and relations created with
// the mcpkit client and the CLI, read back, and found on disk.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpClient } from 'mcpkit/client';
import { cliJson, runCli } from '../cli/run.js';
import { connected, stdio } from './client.js';
import { SERVERS, tempDir } from './servers.js';

interface Graph {
  readonly entities: readonly { readonly name: string; readonly entityType: string; readonly observations: readonly string[] }[];
  readonly relations: readonly { readonly from: string; readonly to: string; readonly relationType: string }[];
}

const dir = tempDir('memory');
afterAll(() => {
  dir.remove();
});

/** A tool result, as far as the graph needs it. */
interface ToolResult {
  readonly structuredContent?: unknown;
  readonly content: readonly { readonly type: string; readonly text?: string }[];
}

/** The graph a result carries: structured content when the server gives it, else its JSON text. */
function graphOf(result: ToolResult): Graph {
  if (result.structuredContent !== undefined) return result.structuredContent as Graph;
  return JSON.parse(result.content[0]?.text ?? '{}') as Graph;
}

describe('server-memory (npm) with the mcpkit client', () => {
  const file = join(dir.path, 'client-graph.jsonl');
  let client: McpClient;
  beforeAll(async () => {
    client = await connected(stdio(SERVERS.memory, { MEMORY_FILE_PATH: file }));
  });
  afterAll(async () => {
    await client.close();
  });

  it('creates entities and relations, reads the graph, and persists it', async () => {
    await client.callTool({
      name: 'create_entities',
      arguments: {
        entities: [
          { name: 'Ada', entityType: 'person', observations: ['wrote the first program'] },
          { name: 'Analytical Engine', entityType: 'machine', observations: [] },
        ],
      },
    });
    await client.callTool({
      name: 'create_relations',
      arguments: { relations: [{ from: 'Ada', to: 'Analytical Engine', relationType: 'programmed' }] },
    });
    await client.callTool({
      name: 'add_observations',
      arguments: { observations: [{ entityName: 'Analytical Engine', contents: ['designed by Babbage'] }] },
    });
    const graph = graphOf(await client.callTool({ name: 'read_graph' }));
    expect(graph.entities).toEqual([
      expect.objectContaining({ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }),
      expect.objectContaining({ name: 'Analytical Engine', entityType: 'machine', observations: ['designed by Babbage'] }),
    ]);
    expect(graph.relations).toEqual([
      expect.objectContaining({ from: 'Ada', to: 'Analytical Engine', relationType: 'programmed' }),
    ]);
    const found = graphOf(await client.callTool({ name: 'search_nodes', arguments: { query: 'Babbage' } }));
    expect(found.entities.map((e) => e.name)).toEqual(['Analytical Engine']);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('"relationType":"programmed"');
  });
});

describe('server-memory (npm) from the CLI, through a config file', () => {
  const file = join(dir.path, 'cli-graph.jsonl');
  const config = join(dir.path, 'mcp.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        memory: { command: SERVERS.memory[0], args: SERVERS.memory.slice(1), env: { MEMORY_FILE_PATH: '${GRAPH_FILE}' } },
      },
    }),
  );
  const env = { GRAPH_FILE: file };

  it('creates entities with JSON arguments and relations with --json-args, then reads the graph', async () => {
    const created = await runCli(
      [
        'call',
        'create_entities',
        '--arg',
        'entities=[{"name":"Grace","entityType":"person","observations":["found a moth"]},{"name":"Mark II","entityType":"machine","observations":[]}]',
        '-q',
        '--config',
        config,
        '--server',
        'memory',
      ],
      { env },
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('"name": "Grace"');
    const related = await runCli(
      [
        'call',
        'create_relations',
        '--json-args',
        '{"relations":[{"from":"Grace","to":"Mark II","relationType":"debugged"}]}',
        '-q',
        '--config',
        config,
      ],
      { env },
    );
    expect(related.code).toBe(0);
    const graph = graphOf(await cliJson<ToolResult>(['call', 'read_graph', '--config', config, '-q'], { env }));
    expect(graph.entities.map((e) => e.name)).toEqual(['Grace', 'Mark II']);
    expect(graph.relations).toEqual([expect.objectContaining({ from: 'Grace', to: 'Mark II', relationType: 'debugged' })]);
    expect(readFileSync(file, 'utf8')).toContain('"found a moth"');
  });

  it('refuses a config whose ${VAR} is unset (exit 2)', async () => {
    const run = await runCli(['list', 'tools', '--config', config], { env: { GRAPH_FILE: '' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"env.MEMORY_FILE_PATH": uses ${GRAPH_FILE}, which is not set in the environment');
  });
});
