/**
 * Resources: data a server exposes by URI, their templates, reading them, and
 * being told when they change.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/resources
 * @module
 */
import type { Annotations, BaseMetadata, CacheableResult, Icon, Meta, NotificationParams, PaginatedParams, PaginatedResult, RequestParams, Result } from './base.js';
import type { InputResponseRequestParams } from './mrtr.js';
/** A resource the server can read. */
export interface Resource extends BaseMetadata {
    /** The resource's URI. */
    readonly uri: string;
    /** What the resource is, for the model and the user. */
    readonly description?: string;
    /** MIME type, if known. */
    readonly mimeType?: string;
    /** Raw size in bytes (before base64), if known. */
    readonly size?: number;
    /** Display and usage hints. */
    readonly annotations?: Annotations;
    /** Icons to display (2025-11-25+). */
    readonly icons?: readonly Icon[];
    /** Metadata (2025-06-18+). */
    readonly _meta?: Meta;
}
/** A family of resources, addressed by an RFC 6570 URI template. */
export interface ResourceTemplate extends BaseMetadata {
    /** The URI template resource URIs are built from. */
    readonly uriTemplate: string;
    /** What the template is for. */
    readonly description?: string;
    /** MIME type of every matching resource, when they all share one. */
    readonly mimeType?: string;
    /** Display and usage hints. */
    readonly annotations?: Annotations;
    /** Icons to display (2025-11-25+). */
    readonly icons?: readonly Icon[];
    /** Metadata (2025-06-18+). */
    readonly _meta?: Meta;
}
/** The fields every resource contents item has. */
export interface ResourceContents {
    /** The URI of this (sub-)resource. */
    readonly uri: string;
    /** MIME type, if known. */
    readonly mimeType?: string;
    /** Metadata (2025-06-18+). */
    readonly _meta?: Meta;
}
/** Resource contents that are text. */
export interface TextResourceContents extends ResourceContents {
    /** The text. */
    readonly text: string;
}
/** Resource contents that are binary. */
export interface BlobResourceContents extends ResourceContents {
    /** The bytes, base64-encoded. */
    readonly blob: string;
}
/** Params of `resources/list`. */
export type ListResourcesParams = PaginatedParams;
/** Result of `resources/list`. */
export interface ListResourcesResult extends PaginatedResult, CacheableResult {
    /** One page of resources. */
    readonly resources: readonly Resource[];
}
/** Params of `resources/templates/list`. */
export type ListResourceTemplatesParams = PaginatedParams;
/** Result of `resources/templates/list`. */
export interface ListResourceTemplatesResult extends PaginatedResult, CacheableResult {
    /** One page of resource templates. */
    readonly resourceTemplates: readonly ResourceTemplate[];
}
/** Params of `resources/read`. */
export interface ReadResourceParams extends RequestParams, InputResponseRequestParams {
    /** The URI to read; the server decides how to interpret it. */
    readonly uri: string;
}
/** Result of `resources/read`. May instead be an `InputRequiredResult` (2026-07-28+). */
export interface ReadResourceResult extends CacheableResult {
    /** The contents; several items when the URI names a collection. */
    readonly contents: readonly (TextResourceContents | BlobResourceContents)[];
}
/** Params of `resources/subscribe` (≤ 2025-11-25; 2026-07-28 uses `subscriptions/listen`). */
export interface SubscribeParams extends RequestParams {
    /** The resource to be told about. */
    readonly uri: string;
}
/** Params of `resources/unsubscribe` (≤ 2025-11-25). */
export interface UnsubscribeParams extends RequestParams {
    /** The resource to stop being told about. */
    readonly uri: string;
}
/** Result of `resources/subscribe`. */
export type SubscribeResult = Result;
/** Result of `resources/unsubscribe`. */
export type UnsubscribeResult = Result;
/** Params of `notifications/resources/updated`. */
export interface ResourceUpdatedParams extends NotificationParams {
    /** The resource that changed; may be a sub-resource of the one subscribed to. */
    readonly uri: string;
}
//# sourceMappingURL=resources.d.ts.map