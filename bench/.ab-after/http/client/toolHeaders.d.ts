/** One annotated parameter: where its value sits in `arguments`, and the header name part. */
export interface HeaderDeclaration {
    /** The chain of `properties` keys from the schema root. */
    readonly path: readonly string[];
    /** The `{Name}` of `Mcp-Param-{Name}`. */
    readonly name: string;
}
/** The annotations of one tool, and why the tool is invalid if it is. */
export interface ToolHeaderScan {
    /** The annotations that can be mirrored (possibly empty). */
    readonly declarations: readonly HeaderDeclaration[];
    /** Set when the tool must be excluded from `tools/list`: the first broken rule. */
    readonly problem?: string;
}
/** Scans a tool's `inputSchema` for `x-mcp-header` annotations and checks every rule the spec sets for them. */
export declare function scanToolHeaders(inputSchema: unknown): ToolHeaderScan;
/** The `Mcp-Param-*` headers of one `tools/call`, values encoded. */
export declare function paramHeaders(declarations: readonly HeaderDeclaration[], args: unknown): Record<string, string>;
//# sourceMappingURL=toolHeaders.d.ts.map