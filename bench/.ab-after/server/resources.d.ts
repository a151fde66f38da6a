import { RpcError } from '../jsonrpc/rpcError.js';
import type { Annotations, BlobResourceContents, CacheScope, Icon, Meta, ReadResourceResult, Resource, ResourceTemplate, TextResourceContents } from '../protocol/types/index.js';
import { UriTemplate, type UriVariables } from '../protocol/uriTemplate.js';
import { type Revision } from '../protocol/versions.js';
import type { ServerContext } from './context.js';
import type { Completer } from './completion.js';
/** Cache hints of a cacheable result (2026-07-28). */
export interface CacheHint {
    /** How long the result stays fresh, in ms (0: revalidate every time). */
    readonly ttlMs: number;
    /** `private` (default): never shared across authorization contexts. */
    readonly scope?: CacheScope;
}
/** What a resource handler may return. */
export type ResourceReturn = ReadResourceResult | string | Uint8Array | TextResourceContents | BlobResourceContents | readonly (TextResourceContents | BlobResourceContents)[];
/** Describes a resource (static) or the resources of a template. */
interface ResourceDescription {
    /** Name for programs and lists. */
    readonly name: string;
    /** Human-readable name. */
    readonly title?: string;
    /** What it contains. */
    readonly description?: string;
    /** Its MIME type (used for string and byte returns). */
    readonly mimeType?: string;
    /** Audience, priority, last modified. */
    readonly annotations?: Annotations;
    /** Icons for display. */
    readonly icons?: readonly Icon[];
    /** Extra metadata. */
    readonly _meta?: Meta;
    /** Cache hints for `resources/read` results (2026-07-28); default: the server's. */
    readonly cache?: CacheHint;
}
/** A static resource. */
export interface ResourceDefinition extends ResourceDescription {
    /** Its URI. */
    readonly uri: string;
    /** Size in bytes, if known. */
    readonly size?: number;
}
/** A resource template. */
export interface ResourceTemplateDefinition<T extends string = string> extends ResourceDescription {
    /** RFC 6570 template, e.g. `file:///{+path}`. */
    readonly uriTemplate: T;
    /** Lists concrete resources of this template for `resources/list`. */
    readonly list?: (ctx: ServerContext) => readonly Resource[] | Promise<readonly Resource[]>;
    /** Completes template variables for `completion/complete`. */
    readonly complete?: {
        readonly [K in keyof UriVariables<T>]?: Completer;
    };
}
/** Reads a static resource. */
export type ResourceHandler<State = unknown> = (uri: string, ctx: ServerContext<State>) => ResourceReturn | Promise<ResourceReturn>;
/** Reads a resource of a template; `variables` are typed from the template. */
export type TemplateHandler<T extends string, State = unknown> = (uri: string, variables: UriVariables<T>, ctx: ServerContext<State>) => ResourceReturn | Promise<ResourceReturn>;
/** A registered static resource. */
export interface ResourceEntry {
    readonly definition: ResourceDefinition;
    readonly handler: ResourceHandler;
    readonly wire: Resource;
}
/** A registered template. */
export interface TemplateEntry {
    readonly definition: ResourceTemplateDefinition;
    readonly handler: TemplateHandler<string>;
    readonly template: UriTemplate;
    readonly wire: ResourceTemplate;
}
/** Prepares a static resource. */
export declare function prepareResource(definition: ResourceDefinition, handler: ResourceHandler): ResourceEntry;
/** Prepares a template (parsing it once). */
export declare function prepareTemplate(definition: ResourceTemplateDefinition, handler: TemplateHandler<string>): TemplateEntry;
/** The error for an unknown resource: -32002 before 2026-07-28, -32602 from it; `data.uri` either way. */
export declare function resourceNotFound(uri: string, revision: Revision): RpcError;
/** Turns what a handler returned into a `ReadResourceResult` for `uri`. */
export declare function toReadResult(value: ResourceReturn, uri: string, mimeType: string | undefined): ReadResourceResult;
export {};
//# sourceMappingURL=resources.d.ts.map