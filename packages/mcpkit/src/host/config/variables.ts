/**
 * Variables in config values, in every dialect's spelling: `${VAR}`,
 * `${VAR:-default}`, `${env:VAR}` (VS Code), `${input:id}` (VS Code
 * `inputs`, asked once), `${workspaceFolder}`, `${workspaceFolderBasename}`,
 * `${userHome}`, `${pathSeparator}`. An unset variable without a default is
 * an error naming it: a server started with an empty API key fails later and
 * less clearly.
 *
 * @module
 */
import { ConfigError, type ConfigLocation } from '../errors.js';

/** What variables are replaced with. */
export interface VariableScope {
  /** The environment (`${VAR}`, `${env:VAR}`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** `${workspaceFolder}`: the directory the host runs in. */
  readonly workspaceFolder: string;
  /** `${userHome}`. */
  readonly home?: string | undefined;
  /** The answers to `${input:id}`, asked before expansion. */
  readonly inputs: ReadonlyMap<string, string>;
}

const VARIABLE = /\$\{([^}]*)\}/g;

/** The ids of the `${input:id}` variables in `text`. */
export function inputIdsIn(text: string): string[] {
  const ids: string[] = [];
  for (const m of text.matchAll(VARIABLE)) {
    const body = m[1] ?? '';
    if (body.startsWith('input:')) ids.push(body.slice('input:'.length));
  }
  return ids;
}

/** Replaces every variable in `text`; `at` names the field in errors. */
export function expandVariables(text: string, scope: VariableScope, at: ConfigLocation): string {
  return text.replace(VARIABLE, (_match, body: string) => expandOne(body, scope, at));
}

function expandOne(body: string, scope: VariableScope, at: ConfigLocation): string {
  switch (body) {
    case 'workspaceFolder':
    case 'workspaceRoot':
      return scope.workspaceFolder;
    case 'workspaceFolderBasename':
      return scope.workspaceFolder.split(/[\\/]/).filter(Boolean).at(-1) ?? '';
    case 'userHome':
      if (scope.home === undefined) throw new ConfigError(at, 'uses ${userHome}, but the home directory is unknown');
      return scope.home;
    case 'pathSeparator':
    case '/':
      return scope.workspaceFolder.includes('\\') ? '\\' : '/';
  }
  if (body.startsWith('input:')) {
    const id = body.slice('input:'.length);
    const value = scope.inputs.get(id);
    if (value === undefined) throw new ConfigError(at, `uses \${input:${id}}, which has no answer (is it declared in "inputs"?)`);
    return value;
  }
  const m = /^(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s.exec(body);
  if (m === null) throw new ConfigError(at, `uses \${${body}}, which mcpkit cannot fill in`);
  const [, name = '', fallback] = m;
  const value = scope.env[name];
  if (value !== undefined && value !== '') return value;
  if (fallback !== undefined) return fallback;
  throw new ConfigError(at, `uses \${${name}}, which is not set in the environment (write \${${name}:-default} for a default)`);
}
