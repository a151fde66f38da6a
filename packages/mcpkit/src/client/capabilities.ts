/**
 * The capabilities a client declares: what its options say, what its
 * handlers imply, and the extensions it takes part in (tasks by default,
 * MCP Apps when the application renders them).
 *
 * @module
 */
import { APP_MIME_TYPE, APPS_EXTENSION } from '../protocol/apps.js';
import { TASKS_EXTENSION } from '../protocol/methods.js';
import type { ClientCapabilities } from '../protocol/types/index.js';
import type { ClientOptions } from './options.js';

/** Merges the declared capabilities, the handlers' and the extensions'. */
export function declaredCapabilities(
  options: Pick<ClientOptions, 'capabilities' | 'tasks' | 'apps'>,
  fromHandlers: ClientCapabilities,
): ClientCapabilities {
  const declared = { ...options.capabilities, ...fromHandlers };
  const extensions = {
    ...declared.extensions,
    ...(options.tasks !== false && { [TASKS_EXTENSION]: {} }),
    ...(options.apps !== undefined &&
      options.apps !== false && {
        [APPS_EXTENSION]: { mimeTypes: options.apps === true ? [APP_MIME_TYPE] : [...options.apps.mimeTypes] },
      }),
  };
  return Object.keys(extensions).length === 0 ? declared : { ...declared, extensions };
}
