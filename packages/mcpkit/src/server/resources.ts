/**
 * Resources: static ones (one URI each) and templates (RFC 6570), how a
 * server author declares them, and how `resources/read` finds the handler.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { ErrorCode } from '../protocol/errorCodes.js';
import type {
  Annotations,
  BlobResourceContents,
  CacheScope,
  Icon,
  Meta,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  TextResourceContents,
} from '../protocol/types/index.js';
import { UriTemplate, type UriVariables } from '../protocol/uriTemplate.js';
import { eraOf, type Revision } from '../protocol/versions.js';
import { toBase64 } from '../protocol/base64.js';
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
export type ResourceReturn =
  | ReadResourceResult
  | string
  | Uint8Array
  | TextResourceContents
  | BlobResourceContents
  | readonly (TextResourceContents | BlobResourceContents)[];

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
  readonly complete?: { readonly [K in keyof UriVariables<T>]?: Completer };
}

/** Reads a static resource. */
export type ResourceHandler<State = unknown> = (
  uri: string,
  ctx: ServerContext<State>,
) => ResourceReturn | Promise<ResourceReturn>;

/** Reads a resource of a template; `variables` are typed from the template. */
export type TemplateHandler<T extends string, State = unknown> = (
  uri: string,
  variables: UriVariables<T>,
  ctx: ServerContext<State>,
) => ResourceReturn | Promise<ResourceReturn>;

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

function describe(d: ResourceDescription): Omit<Resource, 'uri'> {
  return {
    name: d.name,
    ...(d.title !== undefined && { title: d.title }),
    ...(d.description !== undefined && { description: d.description }),
    ...(d.mimeType !== undefined && { mimeType: d.mimeType }),
    ...(d.annotations !== undefined && { annotations: d.annotations }),
    ...(d.icons !== undefined && { icons: d.icons }),
    ...(d._meta !== undefined && { _meta: d._meta }),
  };
}

/** Prepares a static resource. */
export function prepareResource(definition: ResourceDefinition, handler: ResourceHandler): ResourceEntry {
  if (!isUri(definition.uri))
    throw new LocalError('INVALID_ARGUMENT', `Resource URI ${JSON.stringify(definition.uri)} is not an absolute URI`);
  const wire: Resource = {
    uri: definition.uri,
    ...describe(definition),
    ...(definition.size !== undefined && { size: definition.size }),
  };
  return { definition, handler, wire };
}

/** Prepares a template (parsing it once). */
export function prepareTemplate(definition: ResourceTemplateDefinition, handler: TemplateHandler<string>): TemplateEntry {
  const template = new UriTemplate(definition.uriTemplate);
  const { name, ...rest } = describe(definition);
  const wire: ResourceTemplate = { uriTemplate: definition.uriTemplate, name, ...rest };
  return { definition, handler, template, wire };
}

function isUri(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value);
}

/**
 * The error for an unknown resource: -32002 before 2026-07-28, -32602 from it;
 * `data.uri` either way. A handler may throw `resourceNotFound(uri)` (no
 * revision): the server gives it the right code for the client's revision.
 */
export function resourceNotFound(uri: string, revision?: Revision): RpcError {
  const code = revision !== undefined && eraOf(revision) === 'stateless' ? ErrorCode.InvalidParams : ErrorCode.ResourceNotFound;
  return new RpcError(code, `Resource not found: ${uri}`, { uri });
}

/** Gives a handler's -32002 ("not found", the handshake era's code) the code of the client's revision. */
export function forRevision(error: unknown, uri: string, revision: Revision): unknown {
  if (!(error instanceof RpcError) || error.code !== ErrorCode.ResourceNotFound || eraOf(revision) !== 'stateless') return error;
  return new RpcError(ErrorCode.InvalidParams, error.message, error.data ?? { uri }, { cause: error });
}

/** Turns what a handler returned into a `ReadResourceResult` for `uri`. */
export function toReadResult(value: ResourceReturn, uri: string, mimeType: string | undefined): ReadResourceResult {
  const withType = mimeType === undefined ? {} : { mimeType };
  if (typeof value === 'string') return { contents: [{ uri, ...withType, text: value }] };
  if (value instanceof Uint8Array) return { contents: [{ uri, ...withType, blob: toBase64(value) }] };
  if (Array.isArray(value)) return { contents: value as (TextResourceContents | BlobResourceContents)[] };
  if ('contents' in value) return value;
  return { contents: [value as TextResourceContents | BlobResourceContents] };
}
