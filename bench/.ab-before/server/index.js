/**
 * `mcpkit/server`: define tools, resources and prompts once, and serve them
 * to every protocol revision over any transport.
 *
 * @module
 */
export { completeFrom } from './completion.js';
export { HandleStore } from './handles.js';
export { compose } from './middleware.js';
export { McpServer } from './server.js';
export { ServerSession } from './session.js';
export { ToolError } from './tools.js';
//# sourceMappingURL=index.js.map