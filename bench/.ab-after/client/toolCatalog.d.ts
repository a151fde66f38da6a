import type { CallToolResult, Tool } from '../protocol/types/index.js';
import type { Issue, JsonSchemaValidator } from '../schema/jsonSchemaValidator.js';
/** The last listing of the server's tools, and their compiled output schemas. */
export declare class ToolCatalog {
    #private;
    constructor(validator: () => JsonSchemaValidator);
    /** True once a whole listing was seen since the last invalidation. */
    get listed(): boolean;
    /** The tool named `name` in the last listing. */
    get(name: string): Tool | undefined;
    /** Learns one page of a listing; the page without `nextCursor` ends it. */
    record(tools: readonly Tool[], last: boolean): void;
    /** Forgets everything (the list changed, or a new connection). */
    clear(): void;
    /**
     * The ways `result` breaks `tool`'s output schema (empty when it conforms,
     * or the tool declares none). A schema that cannot be compiled is reported
     * as an issue too: the server advertised something no client can check.
     */
    check(tool: Tool, result: CallToolResult): Promise<readonly Issue[]>;
}
//# sourceMappingURL=toolCatalog.d.ts.map