/**
 * The options of `mount` and `proxyServer`, and the handle a mount returns.
 *
 * @module
 */
import type { Tool } from '../../protocol/types/index.js';
import type { InputRouter } from './inputRouter.js';
import type { ToolTransforms } from './toolTransforms.js';

/** How an upstream is mounted. */
export interface MountOptions {
  /** Prefix of its tool and prompt names (`prefix` + `separator` + name); none: names kept. */
  readonly prefix?: string;
  /** Between prefix and name (default `_`); the prefix may not contain it. */
  readonly separator?: string;
  /** How to name the upstream in errors and problems (default: the prefix, or its `serverInfo.name`). */
  readonly label?: string;
  /** Transforms of its tools, by upstream tool name. */
  readonly tools?: ToolTransforms;
  /** Which tools (by the name callers see) to offer at all (default: all). */
  readonly toolFilter?: (name: string) => boolean;
  /**
   * Routes the upstream's input requests and log messages to callers: give
   * its `handlers` to the upstream's client when you construct it.
   */
  readonly inputs?: InputRouter;
  /** The most tools, resources, templates or prompts taken from one list (default 1000). */
  readonly maxItems?: number;
  /** How long to wait after an upstream list change before listing again, ms (default 50): a storm lists once. */
  readonly debounceMs?: number;
  /** Per-request timeout of forwarded requests, ms (default: the upstream client's); progress restarts it. */
  readonly timeoutMs?: number;
  /** Told about what could not be mounted (a name collision, an invalid tool, a list cut short). */
  readonly onProblem?: (message: string) => void;
}

/** A mounted upstream. */
export interface Mount {
  /** The names callers see, mapped to the upstream's own tool names. */
  readonly toolNames: ReadonlyMap<string, string>;
  /** The tools mounted, as callers see them (names, descriptions, schemas). */
  readonly tools: readonly Tool[];
  /**
   * True if `uri` is one of the mounted resources, or matches one of the
   * mounted templates: this mount may serve a read of it (which one does is
   * the server's routing: an exact resource on any mount first, then the
   * first matching template in registration order).
   */
  ownsUri(uri: string): boolean;
  /** True if `uri` is, exactly, one of the resources this mount registered. */
  servesResource(uri: string): boolean;
  /** True if `uriTemplate` is, as written, one of the templates this mount registered. */
  servesTemplate(uriTemplate: string): boolean;
  /** Lists the upstream again and updates what is mounted (call after reconnecting it). */
  refresh(): Promise<void>;
  /** Unmounts: removes everything it registered and ends its subscriptions. */
  close(): Promise<void>;
}
