import type { ElicitFormParams, ElicitResult } from '../protocol/types/index.js';
/**
 * Returns `result` with the `default` of every field of the form that the
 * answer left out. Only an accepted answer is filled; declined and cancelled
 * answers carry no content.
 */
export declare function withFormDefaults(params: ElicitFormParams, result: ElicitResult): ElicitResult;
//# sourceMappingURL=elicitationDefaults.d.ts.map