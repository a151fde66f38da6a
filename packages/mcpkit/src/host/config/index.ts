/**
 * `mcpkit/host/config`: reading MCP server configs in every dialect users
 * already have (Claude Desktop, Claude Code, Cursor, VS Code, Windsurf,
 * Gemini CLI), without loading the rest of the host: the single-server
 * commands of the CLI, and tools that only list or edit servers, use it.
 *
 * @module
 */
export {
  configServerNames,
  locateServers,
  parseConfigText,
  resolveConfig,
  resolveConfigSync,
  type ConfigEnvironment,
} from './parseConfig.js';
export { parseEnvFile } from './dotenv.js';
export { inferServer, type InferServerOptions, type ServerInput } from './inferServer.js';
export { printable, reviewServers, type ReviewPaths } from './review.js';
export { parseJsonc, stripJsonc } from './jsonc.js';
export { expandVariables, type VariableScope } from './variables.js';
export { ConfigError, type ConfigLocation } from '../errors.js';
export type {
  ConfigInput,
  ConfigScope,
  ConfigWarning,
  HostConfig,
  HttpServerConfig,
  ServerConfig,
  ServerOAuthConfig,
  StdioServerConfig,
  ToolSearchOptions,
} from './types.js';
