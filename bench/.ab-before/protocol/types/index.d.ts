/**
 * Every MCP protocol type, for every revision (2024-11-05 … 2026-07-28) and
 * the tasks extension.
 *
 * @module
 */
export type * from './base.js';
export type * from './capabilities.js';
export type * from './completion.js';
export type * from './content.js';
export type * from './elicitation.js';
export type * from './errors.js';
export type * from './lifecycle.js';
export type * from './logging.js';
export type * from './mrtr.js';
export type * from './notifications.js';
export type * from './prompts.js';
export type * from './resources.js';
export type * from './roots.js';
export type * from './sampling.js';
export type * from './tasks.js';
export type * from './tools.js';
//# sourceMappingURL=index.d.ts.map