/**
 * `@mcpkit/server-memory`: a drop-in for the official
 * `@modelcontextprotocol/server-memory` (the same tools, arguments, result
 * shapes and texts, and the `memory://knowledge-graph` resource) that keeps
 * the graph in SQLite rather than rewriting a JSON Lines file on every
 * change: two processes can share it, a crash mid-write loses nothing, and
 * `search_nodes` is indexed. An official memory file is imported, never lost.
 *
 * @module
 */
import { McpServer } from 'mcpkit/server';
import { KnowledgeGraph } from './graph/knowledgeGraph.js';
import type { MemoryOptions } from './options.js';
import { importJsonl } from './store/importJsonl.js';
import { openDatabase } from './store/open.js';
import { DEFAULT_MAX_RESULT_BYTES } from './resultLimit.js';
import { GRAPH_URI, registerGraphResource, registerMemoryTools } from './tools.js';

export { KnowledgeGraph } from './graph/knowledgeGraph.js';
export type { Entity, Graph, ObservationAddition, ObservationDeletion, ObservationsAdded, Relation } from './graph/model.js';
export { defaultDbPath, memoryOptionsFromArgs, storeAt, type MemoryEnv, type MemoryOptions } from './options.js';
export { importJsonl, parseJsonl, type ImportReport } from './store/importJsonl.js';
export { DRIVER_ENV, driverFromEnv } from './store/connect.js';
export type { Connection, DriverChoice, DriverName, RunResult, SqlParam, SqlValue, Statement } from './store/driver.js';
export { BUSY_TIMEOUT_MS, isSqliteFile, openDatabase, type Db, type OpenOptions } from './store/open.js';
export { GRAPH_URI } from './tools.js';

/** The server's name (`serverInfo.name`). */
export const SERVER_NAME = 'mcpkit-memory';
/** Its version. */
export const SERVER_VERSION = '0.1.0';

/**
 * Creates a memory server on the database `options.db` (opened now, created
 * if absent; `options.importFrom` merged in first). The database closes
 * when the server closes.
 */
export function createMemoryServer(options: MemoryOptions): McpServer {
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const db = openDatabase(options.db, { driver: options.driver, notice: warn });
  let timer: ReturnType<typeof setInterval> | undefined;
  try {
    if (options.importFrom !== undefined) {
      const report = importJsonl(db, options.importFrom, warn);
      if (report?.imported === true)
        warn(
          `Imported ${options.importFrom} into ${options.db}: ${String(report.entities)} entities, ${String(report.relations)} relations (the file is left as it was)`,
        );
    }
  } catch (error) {
    db.close();
    throw error;
  }
  const graph = new KnowledgeGraph(db);
  const server = new McpServer({
    name: SERVER_NAME,
    version: SERVER_VERSION,
    title: 'mcpkit memory server',
    description: 'A persistent knowledge graph (entities, relations, observations) in SQLite.',
    lifespan: () => ({
      state: undefined,
      close: () => {
        if (timer !== undefined) clearInterval(timer);
        db.close();
      },
    }),
  });
  const maxResultBytes = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
  registerMemoryTools(server, graph, maxResultBytes);
  registerGraphResource(server, graph, maxResultBytes);
  const watchMs = options.watchMs ?? 2000;
  if (watchMs > 0) {
    // Another process sharing the database changed the graph: tell this one's subscribers.
    let seen = graph.othersVersion();
    timer = setInterval(() => {
      if (!db.isOpen) return;
      const now = graph.othersVersion();
      if (now !== seen) server.notifyResourceUpdated(GRAPH_URI);
      seen = now;
    }, watchMs);
    timer.unref();
  }
  return server;
}
