/**
 * RFC 6570 URI Templates, as MCP resource templates use them: parse a template
 * once, expand it with values (all four levels), and match a URI back to the
 * values that would produce it (see `uriTemplateMatch.ts`).
 *
 * @see https://www.rfc-editor.org/rfc/rfc6570
 * @see https://modelcontextprotocol.io/specification/2025-11-25/server/resources#resource-templates
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { compileMatcher, type Matcher } from './uriTemplateMatch.js';
import type { Operator, Part, VarSpec } from './uriTemplateParts.js';

export { MAX_MATCH_LENGTH } from './uriTemplateMatch.js';

/** A value a template variable can take: a string (numbers and booleans are stringified), a list, or an associative array. */
export type UriTemplateValue = string | number | boolean | readonly string[] | Readonly<Record<string, string>>;

/** The values given to {@link UriTemplate.expand}; a missing or `undefined` value leaves the variable undefined. */
export type UriTemplateVariables = Readonly<Record<string, UriTemplateValue | undefined>>;

/**
 * The variables {@link UriTemplate.match} returns for template `T`: query
 * (`{?…}`, `{&…}`) variables are optional, exploded ones are lists, the rest
 * are strings. A template without expressions has none; one only known as
 * `string` gets a loose record.
 */
export type UriVariables<T extends string> = string extends T
  ? Record<string, string | string[] | undefined>
  : [Specs<T>] extends [never]
    ? Record<string, never>
    : Flatten<
        { [S in Specs<T> as S extends { optional: false } ? S['name'] : never]: ValueOf<S> } & {
          [S in Specs<T> as S extends { optional: true } ? S['name'] : never]?: ValueOf<S>;
        }
      >;

type Flatten<O> = { [K in keyof O]: O[K] };
type ValueOf<S> = S extends { list: true } ? string[] : string;
type Spec<V extends string, Q extends boolean> = V extends `${infer N}*`
  ? { name: N; list: true; optional: Q }
  : V extends `${infer N}:${string}`
    ? { name: N; list: false; optional: Q }
    : { name: V; list: false; optional: Q };
type SpecList<L extends string, Q extends boolean> = L extends `${infer V},${infer Rest}`
  ? Spec<V, Q> | SpecList<Rest, Q>
  : Spec<L, Q>;
type ExpressionSpecs<E extends string> = E extends `${'?' | '&'}${infer L}`
  ? SpecList<L, true>
  : E extends `${'+' | '#' | '.' | '/' | ';'}${infer L}`
    ? SpecList<L, false>
    : SpecList<E, false>;
type Specs<T extends string, Acc = never> = T extends `${string}{${infer E}}${infer Rest}`
  ? Specs<Rest, Acc | ExpressionSpecs<E>>
  : Acc;

const op = (first: string, sep: string, named: boolean, ifemp: string, reserved: boolean): Operator => ({
  first,
  sep,
  named,
  ifemp,
  reserved,
});
const SIMPLE = op('', ',', false, '', false);
const OPERATORS: ReadonlyMap<string, Operator> = new Map([
  ['+', op('', ',', false, '', true)],
  ['#', op('#', ',', false, '', true)],
  ['.', op('.', '.', false, '', false)],
  ['/', op('/', '/', false, '', false)],
  [';', op(';', ';', true, '', false)],
  ['?', op('?', '&', true, '=', false)],
  ['&', op('&', '&', true, '=', false)],
]);
const RESERVED_OPERATORS = '=,!@|';
const VARSPEC = /^((?:\w|%[\dA-Fa-f]{2})(?:\.?(?:\w|%[\dA-Fa-f]{2}))*)(?::([1-9]\d{0,3})|(\*))?$/;

/**
 * A parsed RFC 6570 URI template (levels 1–4).
 *
 * @example
 * const t = new UriTemplate('github://repos/{owner}/{repo}/issues{?state,labels*}');
 * t.expand({ owner: 'o', repo: 'r', labels: ['bug', 'ui'] }); // 'github://repos/o/r/issues?labels=bug&labels=ui'
 * t.match('github://repos/o/r/issues?state=open'); // { owner: 'o', repo: 'r', state: 'open' }
 */
export class UriTemplate<T extends string = string> {
  /** The template text, as given. */
  readonly template: T;
  /** Every variable the template names, once each, in order of appearance. */
  readonly variableNames: readonly string[];
  readonly #parts: readonly Part[];
  readonly #match: Matcher;

  /** Parses `template`; throws `LocalError('INVALID_ARGUMENT')` if it is malformed. */
  constructor(template: T) {
    this.template = template;
    this.#parts = parse(template);
    this.variableNames = [...new Set(this.#parts.flatMap((p) => (p.kind === 'expression' ? p.vars.map((v) => v.name) : [])))];
    this.#match = compileMatcher(this.#parts);
  }

  /**
   * Expands the template: undefined variables, empty lists and empty objects
   * vanish (with their operator prefix), values are pct-encoded as the operator requires.
   * Throws `LocalError('INVALID_ARGUMENT')` for a prefix modifier on a list or object.
   */
  expand(variables: UriTemplateVariables): string {
    let out = '';
    for (const part of this.#parts) out += part.kind === 'literal' ? part.text : expandExpression(part.op, part.vars, variables);
    return out;
  }

  /**
   * The values for which this template expands to `uri`, pct-decoded, or
   * `undefined` when it cannot. Linear-time; URIs longer than
   * {@link MAX_MATCH_LENGTH} (64 Ki code units) never match. See `uriTemplateMatch.ts` for how
   * ambiguous templates resolve.
   */
  match(uri: string): UriVariables<T> | undefined {
    return this.#match(uri) as UriVariables<T> | undefined;
  }

  /** The template text. */
  toString(): string {
    return this.template;
  }
}

/** True when `text` contains at least one `{expression}`, so it is a template rather than a plain URI. */
export function isUriTemplate(text: string): boolean {
  return /\{[^{}]+\}/.test(text);
}

function invalid(template: string, problem: string, offset: number): LocalError {
  return new LocalError('INVALID_ARGUMENT', `Invalid URI template ${JSON.stringify(template)}: ${problem} at offset ${offset}`);
}

function parse(template: string): Part[] {
  const parts: Part[] = [];
  for (let at = 0; at < template.length;) {
    const open = template.indexOf('{', at);
    const literalEnd = open === -1 ? template.length : open;
    const stray = template.indexOf('}', at);
    if (stray !== -1 && stray < literalEnd) throw invalid(template, 'unmatched "}"', stray);
    if (literalEnd > at) parts.push({ kind: 'literal', text: encode(template.slice(at, literalEnd), true) });
    if (open === -1) break;
    const close = template.indexOf('}', open);
    if (close === -1) throw invalid(template, 'unclosed "{"', open);
    parts.push(parseExpression(template, open + 1, close));
    at = close + 1;
  }
  return parts;
}

function parseExpression(template: string, start: number, end: number): Part {
  const head = template.charAt(start);
  if (start === end) throw invalid(template, 'empty expression', start - 1);
  if (RESERVED_OPERATORS.includes(head)) throw invalid(template, `reserved operator "${head}"`, start);
  const operator = OPERATORS.get(head);
  const body = template.slice(operator ? start + 1 : start, end);
  const vars = body.split(',').map((spec) => {
    const m = VARSPEC.exec(spec);
    if (!m) throw invalid(template, `invalid variable "${spec}" (want name, name:1…9999 or name*)`, start);
    return { name: m[1] ?? '', prefix: m[2] ? Number(m[2]) : 0, explode: m[3] !== undefined };
  });
  return { kind: 'expression', op: operator ?? SIMPLE, vars };
}

function expandExpression(operator: Operator, vars: readonly VarSpec[], variables: UriTemplateVariables): string {
  let out = '';
  let defined = 0;
  for (const spec of vars) {
    const text = expandValue(spec, Object.hasOwn(variables, spec.name) ? variables[spec.name] : undefined, operator);
    if (text !== undefined) out += (defined++ === 0 ? operator.first : operator.sep) + text;
  }
  return out;
}

function expandValue(spec: VarSpec, value: UriTemplateValue | undefined, o: Operator): string | undefined {
  if (value == null) return undefined;
  const named = (name: string, text: string): string => (text === '' ? name + o.ifemp : `${name}=${text}`);
  if (typeof value !== 'object') {
    const text = String(value);
    const encoded = encode(spec.prefix > 0 ? truncate(text, spec.prefix, o.reserved) : text, o.reserved);
    return o.named ? named(spec.name, encoded) : encoded;
  }
  if (spec.prefix > 0)
    throw new LocalError('INVALID_ARGUMENT', `URI template variable "${spec.name}" has a prefix modifier but a composite value`);
  const pairs: [string | undefined, string][] = isList(value)
    ? value.map((item) => [undefined, encode(item, o.reserved)])
    : Object.entries(value).map(([k, v]) => [encode(k, o.reserved), encode(v, o.reserved)]);
  if (pairs.length === 0) return undefined;
  if (!spec.explode) {
    const joined = pairs.map(([k, v]) => (k === undefined ? v : `${k},${v}`)).join(',');
    return o.named ? named(spec.name, joined) : joined;
  }
  const items = pairs.map(([k, v]) => (o.named ? named(k ?? spec.name, v) : k === undefined ? v : `${k}=${v}`));
  return items.join(o.sep);
}

function isList(value: readonly string[] | Readonly<Record<string, string>>): value is readonly string[] {
  return Array.isArray(value);
}

/** The first `max` characters of `text`: code points, and with `reserved`, whole pct-encoded triplets. */
function truncate(text: string, max: number, reserved: boolean): string {
  let i = 0;
  for (let n = 0; n < max && i < text.length; n++) {
    if (reserved && isTriplet(text, i)) i += 3;
    else i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
  }
  return text.slice(0, i);
}

const UNRESERVED = 1;
const RESERVED = 2;
const CHAR_CLASS = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~') CHAR_CLASS[c.charCodeAt(0)] = UNRESERVED;
for (const c of ":/?#[]@!$&'()*+,;=") CHAR_CLASS[c.charCodeAt(0)] = RESERVED;
const ALL_UNRESERVED = /^[\w.~-]*$/;
const utf8 = new TextEncoder();

const isHex = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
const isTriplet = (text: string, i: number): boolean =>
  text.charCodeAt(i) === 37 && isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2));
const pct = (byte: number): string => `%${byte < 16 ? '0' : ''}${byte.toString(16).toUpperCase()}`;

/**
 * Pct-encodes (UTF-8) every character outside the unreserved set, or, with
 * `reserved`, outside unreserved ∪ reserved; then pct-encoded triplets also pass.
 */
function encode(text: string, reserved: boolean): string {
  if (ALL_UNRESERVED.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) >= 0x80) j++;
      for (const byte of utf8.encode(text.slice(i, j))) out += pct(byte);
      i = j;
      continue;
    }
    const kind = CHAR_CLASS[code];
    out += kind === UNRESERVED || (reserved && (kind === RESERVED || isTriplet(text, i))) ? text.charAt(i) : pct(code);
    i++;
  }
  return out;
}
