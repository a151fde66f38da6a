import type { HttpRequestInfo } from './exchange.js';
import { HttpError } from './httpError.js';
/** One argument mirrored into a header. */
export interface MirroredParam {
    /** The header name, lower case (`mcp-param-region`). */
    readonly header: string;
    /** The `x-mcp-header` value as declared (`Region`). */
    readonly name: string;
    /** The property path within the arguments. */
    readonly path: readonly string[];
}
/** The mirrored arguments an input schema declares: only through chains of `properties` (cached per schema object). */
export declare function mirroredParams(inputSchema: unknown): readonly MirroredParam[];
/** -32020 unless every mirrored argument present in the body has a matching header. */
export declare function checkParamHeaders(inputSchema: unknown, args: unknown, req: HttpRequestInfo): HttpError | undefined;
//# sourceMappingURL=paramHeaders.d.ts.map