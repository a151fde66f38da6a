/**
 * The memory server's tools and resource, as the official server has them:
 * the same names, arguments, JSON texts and structured content. Each change
 * tells subscribers of `memory://knowledge-graph`.
 *
 * @module
 */
import type { CallToolResult, ToolAnnotations } from 'mcpkit/protocol';
import { ToolError, type McpServer } from 'mcpkit/server';
import { z } from 'zod';
import type { KnowledgeGraph } from './graph/knowledgeGraph.js';
import type { Graph } from './graph/model.js';
import { boundedResourceText, boundedToolText } from './resultLimit.js';

/** The resource holding the whole graph. */
export const GRAPH_URI = 'memory://knowledge-graph';

const ENTITY = z.object({
  name: z.string().describe('The name of the entity'),
  entityType: z.string().describe('The type of the entity'),
  observations: z.array(z.string()).describe('An array of observation contents associated with the entity'),
});
const RELATION = z.object({
  from: z.string().describe('The name of the entity where the relation starts'),
  to: z.string().describe('The name of the entity where the relation ends'),
  relationType: z.string().describe('The type of the relation'),
});
const GRAPH = z.object({ entities: z.array(ENTITY), relations: z.array(RELATION) });
const DELETED = z.object({ success: z.boolean(), message: z.string() });

/** Adds to the graph; repeating the call adds nothing more. */
const ADDS: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const DELETES: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
const READS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** A result whose text is the value's JSON (indented) and whose structured content is `structured`. */
function json(value: unknown, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: structured };
}

function deleted(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], structuredContent: { success: true, message } };
}

/** Runs a graph operation; a database failure (say, locked past the busy timeout) reaches the model as a tool error. */
function guard<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError(error instanceof Error ? error.message : String(error));
  }
}

function registerAdditions(server: McpServer, graph: KnowledgeGraph, changed: () => void): void {
  server.tool(
    {
      name: 'create_entities',
      title: 'Create Entities',
      description: 'Create multiple new entities in the knowledge graph (names that exist already are skipped)',
      input: z.object({ entities: z.array(ENTITY) }),
      output: z.object({ entities: z.array(ENTITY) }),
      annotations: ADDS,
    },
    ({ entities }) => {
      const created = guard(() => graph.createEntities(entities));
      changed();
      return json(created, { entities: created });
    },
  );
  server.tool(
    {
      name: 'create_relations',
      title: 'Create Relations',
      description: 'Create multiple new relations between entities in the knowledge graph. Relations should be in active voice',
      input: z.object({ relations: z.array(RELATION) }),
      output: z.object({ relations: z.array(RELATION) }),
      annotations: ADDS,
    },
    ({ relations }) => {
      const created = guard(() => graph.createRelations(relations));
      changed();
      return json(created, { relations: created });
    },
  );
  server.tool(
    {
      name: 'add_observations',
      title: 'Add Observations',
      description: 'Add new observations to existing entities in the knowledge graph (fails, adding nothing, if one is missing)',
      input: z.object({
        observations: z.array(
          z.object({
            entityName: z.string().describe('The name of the entity to add the observations to'),
            contents: z.array(z.string()).describe('An array of observation contents to add'),
          }),
        ),
      }),
      output: z.object({ results: z.array(z.object({ entityName: z.string(), addedObservations: z.array(z.string()) })) }),
      annotations: ADDS,
    },
    ({ observations }) => {
      const results = guard(() => graph.addObservations(observations));
      changed();
      return json(results, { results });
    },
  );
}

function registerDeletions(server: McpServer, graph: KnowledgeGraph, changed: () => void): void {
  server.tool(
    {
      name: 'delete_entities',
      title: 'Delete Entities',
      description: 'Delete multiple entities and their associated relations from the knowledge graph',
      input: z.object({ entityNames: z.array(z.string()).describe('An array of entity names to delete') }),
      output: DELETED,
      annotations: DELETES,
    },
    ({ entityNames }) => {
      guard(() => {
        graph.deleteEntities(entityNames);
      });
      changed();
      return deleted('Entities deleted successfully');
    },
  );
  server.tool(
    {
      name: 'delete_observations',
      title: 'Delete Observations',
      description: 'Delete specific observations from entities in the knowledge graph',
      input: z.object({
        deletions: z.array(
          z.object({
            entityName: z.string().describe('The name of the entity containing the observations'),
            observations: z.array(z.string()).describe('An array of observations to delete'),
          }),
        ),
      }),
      output: DELETED,
      annotations: DELETES,
    },
    ({ deletions }) => {
      guard(() => {
        graph.deleteObservations(deletions);
      });
      changed();
      return deleted('Observations deleted successfully');
    },
  );
  server.tool(
    {
      name: 'delete_relations',
      title: 'Delete Relations',
      description: 'Delete multiple relations from the knowledge graph',
      input: z.object({ relations: z.array(RELATION).describe('An array of relations to delete') }),
      output: DELETED,
      annotations: DELETES,
    },
    ({ relations }) => {
      guard(() => {
        graph.deleteRelations(relations);
      });
      changed();
      return deleted('Relations deleted successfully');
    },
  );
}

/** A read's result: the graph part's JSON, refused past `max` bytes. */
function boundedJson(value: Graph, max: number): CallToolResult {
  const text = boundedToolText(JSON.stringify(value, null, 2), max);
  return { content: [{ type: 'text', text }], structuredContent: { ...value } };
}

function registerReads(server: McpServer, graph: KnowledgeGraph, maxBytes: number): void {
  server.tool(
    {
      name: 'read_graph',
      title: 'Read Graph',
      description: 'Read the entire knowledge graph',
      output: GRAPH,
      annotations: READS,
    },
    () => {
      return boundedJson(
        guard(() => graph.readGraph()),
        maxBytes,
      );
    },
  );
  server.tool(
    {
      name: 'search_nodes',
      title: 'Search Nodes',
      description:
        'Search for nodes in the knowledge graph: entities whose name, type or an observation contains the query (ignoring case), with the relations that touch them',
      input: z.object({
        query: z.string().describe('The search query to match against entity names, types, and observation content'),
      }),
      output: GRAPH,
      annotations: READS,
    },
    ({ query }) => {
      return boundedJson(
        guard(() => graph.searchNodes(query)),
        maxBytes,
      );
    },
  );
  server.tool(
    {
      name: 'open_nodes',
      title: 'Open Nodes',
      description: 'Open specific nodes in the knowledge graph by their names, with the relations that touch them',
      input: z.object({ names: z.array(z.string()).describe('An array of entity names to retrieve') }),
      output: GRAPH,
      annotations: READS,
    },
    ({ names }) => {
      return boundedJson(
        guard(() => graph.openNodes(names)),
        maxBytes,
      );
    },
  );
}

/** Registers the nine tools, in the official server's order; reads answer at most `maxResultBytes`. */
export function registerMemoryTools(server: McpServer, graph: KnowledgeGraph, maxResultBytes: number): void {
  const changed = (): void => {
    server.notifyResourceUpdated(GRAPH_URI);
  };
  registerAdditions(server, graph, changed);
  registerDeletions(server, graph, changed);
  registerReads(server, graph, maxResultBytes);
}

/** Registers `memory://knowledge-graph`: the whole graph as JSON, the same as `read_graph`'s text (at most `maxResultBytes`). */
export function registerGraphResource(server: McpServer, graph: KnowledgeGraph, maxResultBytes: number): void {
  server.resource(
    {
      uri: GRAPH_URI,
      name: 'knowledge-graph',
      title: 'Knowledge Graph',
      description: 'The full knowledge graph with all entities and relations',
      mimeType: 'application/json',
    },
    () => ({
      contents: [
        {
          uri: GRAPH_URI,
          mimeType: 'application/json',
          text: boundedResourceText(JSON.stringify(graph.readGraph(), null, 2), maxResultBytes),
        },
      ],
    }),
  );
}
