/**
 * The params field that names a request's target, per method: what the
 * 2026-07-28 `Mcp-Name` HTTP header mirrors (SEP-2243; the tasks extension
 * adds its three methods). `tasks/result` is not among them: it does not exist
 * in 2026-07-28 (a server must let it reach dispatch, to refuse it -32601).
 *
 * @module
 */

/** Method → the params field `Mcp-Name` carries. */
export const NAME_FIELD: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};
