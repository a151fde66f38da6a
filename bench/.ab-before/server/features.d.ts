import type { ReadResourceResult } from '../protocol/types/index.js';
import type { ServerContext } from './context.js';
import type { MethodHandler } from './middleware.js';
import { type PromptEntry } from './prompts.js';
import { type ResourceEntry, type TemplateEntry } from './resources.js';
import type { Registry } from './registry.js';
import type { Sealer } from './seal.js';
import { type ToolEntry } from './tools.js';
/** What the feature methods read from the server. */
export interface FeatureHost {
    readonly tools: Registry<ToolEntry>;
    readonly resources: Registry<ResourceEntry>;
    readonly templates: Registry<TemplateEntry>;
    readonly prompts: Registry<PromptEntry>;
    readonly sealer: Sealer;
    readonly pageSize: number;
    readonly exposeErrorDetails: boolean;
}
/** Reads a resource: an exact static match first, then the first template that matches. */
export declare function readResource(host: FeatureHost, uri: string, ctx: ServerContext): Promise<ReadResourceResult>;
/** The feature methods, by name. */
export declare function featureMethods(host: FeatureHost): Readonly<Record<string, MethodHandler>>;
//# sourceMappingURL=features.d.ts.map