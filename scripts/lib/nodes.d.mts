/** The major Node versions mcpkit supports and tests. */
export const nodeMajors: readonly (20 | 22 | 24)[];
/** The absolute path of a Node binary of `major` (installed on demand into the repository's cache). */
export function nodeBinary(major: number): Promise<string>;
