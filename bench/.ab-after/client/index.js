/**
 * `mcpkit/client`: connect to any MCP server, whichever revision (2024-11-05 …
 * 2026-07-28) and transport it speaks, and call it through one API.
 *
 * @module
 */
export { McpClient } from './client.js';
export { isResourceNotFound, ResourceNotFoundError } from './errors.js';
export { withFormDefaults } from './elicitationDefaults.js';
//# sourceMappingURL=index.js.map