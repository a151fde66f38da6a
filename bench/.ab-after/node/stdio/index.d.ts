/**
 * `mcpkit/stdio`: newline-delimited JSON over stdio, both sides.
 *
 * @module
 */
export { defaultEnvironment, DEFAULT_INHERITED_ENV_VARS } from './defaultEnvironment.js';
export { StdioClientTransport, type ExitInfo, type StdioClientTransportOptions } from './stdioClientTransport.js';
export { StdioServerTransport, type StdioServerTransportOptions } from './stdioServerTransport.js';
export { StreamTransport, type StreamTransportOptions } from './streamTransport.js';
//# sourceMappingURL=index.d.ts.map