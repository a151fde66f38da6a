/**
 * `envFile` contents (VS Code's `mcp.json`): `NAME=value` lines, `#`
 * comments, an optional `export ` prefix, single quotes taken literally,
 * double quotes with `\n` escapes.
 *
 * @module
 */

/** The variables of an env file; a line that is not `NAME=value` is reported by number. */
export function parseEnvFile(text: string): { vars: Record<string, string>; badLines: number[] } {
  const vars: Record<string, string> = {};
  const badLines: number[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*)$/.exec(line);
    if (m === null) {
      badLines.push(index + 1);
      return;
    }
    vars[m[1] ?? ''] = unquote(m[2] ?? '');
  });
  return { vars, badLines };
}

function unquote(value: string): string {
  const first = value[0];
  if ((first === '"' || first === "'") && value.length >= 2) {
    const end = value.lastIndexOf(first);
    if (end > 0) {
      const inner = value.slice(1, end);
      return first === "'" ? inner : inner.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
  }
  // Unquoted: a ` #` starts a comment.
  const hash = value.search(/\s#/);
  return (hash < 0 ? value : value.slice(0, hash)).trim();
}
