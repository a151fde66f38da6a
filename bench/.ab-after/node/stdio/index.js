/**
 * `mcpkit/stdio`: newline-delimited JSON over stdio, both sides.
 *
 * @module
 */
export { defaultEnvironment, DEFAULT_INHERITED_ENV_VARS } from './defaultEnvironment.js';
export { StdioClientTransport } from './stdioClientTransport.js';
export { StdioServerTransport } from './stdioServerTransport.js';
export { StreamTransport } from './streamTransport.js';
//# sourceMappingURL=index.js.map