/**
 * What a server advertises: the capabilities its registrations imply, plus
 * what its options declare, per revision (tasks are spelled differently in
 * 2025-11-25 and in the 2026-07-28 extension).
 *
 * @module
 */
import { TASKS_EXTENSION } from '../protocol/methods.js';
import type { ServerCapabilities } from '../protocol/types/index.js';
import { eraOf, type Revision } from '../protocol/versions.js';
import type { DeclaredCapabilities } from './options.js';

/** Which kinds of feature have ever been registered (advertised capabilities are sticky). */
export interface Registered {
  readonly tools: boolean;
  readonly resources: boolean;
  readonly templates: boolean;
  readonly prompts: boolean;
  /** A tool that may run as a task. */
  readonly taskTools: boolean;
}

/** The capabilities advertised to `revision` (none: every revision's, for `offers`). */
export function advertised(registered: Registered, declared: DeclaredCapabilities = {}, revision?: Revision): ServerCapabilities {
  const { logging, ...rest } = declared;
  const caps: Record<string, unknown> = { ...rest };
  if (logging !== false) caps['logging'] = {};
  if (registered.tools || declared.tools !== undefined) caps['tools'] = { listChanged: true, ...declared.tools };
  if (registered.resources || registered.templates || declared.resources !== undefined) {
    caps['resources'] = { subscribe: true, listChanged: true, ...declared.resources };
  }
  if (registered.prompts || declared.prompts !== undefined) caps['prompts'] = { listChanged: true, ...declared.prompts };
  if (registered.prompts || registered.templates || declared.completions !== undefined)
    caps['completions'] = { ...declared.completions };
  if (registered.taskTools) {
    if (revision === undefined || revision === '2025-11-25')
      caps['tasks'] = { list: {}, cancel: {}, requests: { tools: { call: {} } } };
    if (revision === undefined || eraOf(revision) === 'stateless')
      caps['extensions'] = { ...declared.extensions, [TASKS_EXTENSION]: {} };
  }
  return caps;
}
