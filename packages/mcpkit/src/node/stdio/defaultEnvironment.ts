/**
 * The environment a spawned server gets by default: only the variables a
 * program needs to run, never the host's secrets (API keys, tokens) that
 * happen to be in its environment.
 *
 * @module
 */

/** Variables inherited by default. */
export const DEFAULT_INHERITED_ENV_VARS: readonly string[] =
  process.platform === 'win32'
    ? [
        'APPDATA',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PATHEXT',
        'PROCESSOR_ARCHITECTURE',
        'PROGRAMFILES',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'TMP',
        'USERNAME',
        'USERPROFILE',
        'WINDIR',
      ]
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'TMPDIR', 'USER', 'LANG', 'LC_ALL'];

/** The safe subset of this process's environment, for a child server. */
export function defaultEnvironment(names: readonly string[] = DEFAULT_INHERITED_ENV_VARS): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of names) {
    const value = process.env[name];
    // A value starting with "()" is an exported shell function: a known injection vector.
    if (value === undefined || value.startsWith('()')) continue;
    env[name] = value;
  }
  return env;
}
