/**
 * The Python spellings the official server's texts contain: `repr()` of a
 * string (commit hashes and messages are printed with `!r`), GitPython's
 * `Actor` repr, and `str()` of an aware datetime.
 *
 * @module
 */

/** Characters `str.isprintable()` rejects (other than the space, which is printable). */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function escapeChar(c: string, quote: string): string {
  switch (c) {
    case '\\':
      return '\\\\';
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    case quote:
      return `\\${quote}`;
    default: {
      if (c === ' ' || !UNPRINTABLE.test(c)) return c;
      const code = c.codePointAt(0) ?? 0;
      if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
      if (code < 0x10000) return `\\u${code.toString(16).padStart(4, '0')}`;
      return `\\U${code.toString(16).padStart(8, '0')}`;
    }
  }
}

/** Python's `repr(s)` of a `str`: single quotes unless the text has one and no double quote. */
export function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = '';
  for (const c of text) out += escapeChar(c, quote);
  return `${quote}${out}${quote}`;
}

/** GitPython's `repr(Actor)`: `<git.Actor "Name <email>">`. */
export function actorRepr(name: string, email: string): string {
  return `<git.Actor "${name} <${email}>">`;
}

/** `str(datetime)` of an aware datetime from git's strict ISO date: `2024-01-15 14:30:25+01:00`. */
export function pyDateTime(isoStrict: string): string {
  return isoStrict.replace('T', ' ').replace(/Z$/, '+00:00');
}
