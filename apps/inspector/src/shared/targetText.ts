/**
 * A connect spec as the user is shown it before anything runs: the exact
 * command, arguments, environment and working directory (or the URL and
 * headers), each word quoted as a shell would need it. Control characters
 * and bidirectional overrides are shown escaped: a hostile recording must
 * not be able to redraw the terminal or reorder the text to hide what runs.
 *
 * @module
 */
import type { ConnectSpec } from './connectSpec.js';

// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/;

function escapeHidden(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One word as a POSIX shell reads it back: bare, in single quotes, or in `$'…'` with hidden characters escaped. */
export function shellWord(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  if (!HIDDEN.test(word)) return `'${word.replaceAll("'", `'\\''`)}'`;
  let out = '';
  for (const c of word) out += HIDDEN.test(c) ? escapeHidden(c) : c === "'" || c === '\\' ? `\\${c}` : c;
  return `$'${out}'`;
}

/** The lines that say what connecting to `spec` runs or reaches. */
export function describeTarget(spec: ConnectSpec): string[] {
  if (spec.type !== 'stdio') {
    return [
      `connect to: ${shellWord(spec.url)}${spec.type === 'sse' ? ' (HTTP+SSE)' : ''}`,
      ...Object.entries(spec.headers).map(([name, value]) => `header:     ${shellWord(`${name}: ${value}`)}`),
    ];
  }
  return [
    `run:        ${[spec.command, ...spec.args].map(shellWord).join(' ')}`,
    ...Object.entries(spec.env).map(([name, value]) => `env:        ${shellWord(`${name}=${value}`)}`),
    ...(spec.cwd === undefined ? [] : [`in:         ${shellWord(spec.cwd)}`]),
    ...(spec.inheritEnv === true ? ['with:       the whole environment of this shell'] : []),
  ];
}
