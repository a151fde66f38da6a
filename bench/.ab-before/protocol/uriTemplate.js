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
import { compileMatcher } from './uriTemplateMatch.js';
export { MAX_MATCH_LENGTH } from './uriTemplateMatch.js';
const op = (first, sep, named, ifemp, reserved) => ({
    first,
    sep,
    named,
    ifemp,
    reserved,
});
const SIMPLE = op('', ',', false, '', false);
const OPERATORS = new Map([
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
export class UriTemplate {
    /** The template text, as given. */
    template;
    /** Every variable the template names, once each, in order of appearance. */
    variableNames;
    #parts;
    #match;
    /** Parses `template`; throws `LocalError('INVALID_ARGUMENT')` if it is malformed. */
    constructor(template) {
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
    expand(variables) {
        let out = '';
        for (const part of this.#parts)
            out += part.kind === 'literal' ? part.text : expandExpression(part.op, part.vars, variables);
        return out;
    }
    /**
     * The values for which this template expands to `uri`, pct-decoded, or
     * `undefined` when it cannot. Linear-time; URIs longer than
     * {@link MAX_MATCH_LENGTH} (64 Ki code units) never match. See `uriTemplateMatch.ts` for how
     * ambiguous templates resolve.
     */
    match(uri) {
        return this.#match(uri);
    }
    /** The template text. */
    toString() {
        return this.template;
    }
}
/** True when `text` contains at least one `{expression}`, so it is a template rather than a plain URI. */
export function isUriTemplate(text) {
    return /\{[^{}]+\}/.test(text);
}
function invalid(template, problem, offset) {
    return new LocalError('INVALID_ARGUMENT', `Invalid URI template ${JSON.stringify(template)}: ${problem} at offset ${offset}`);
}
function parse(template) {
    const parts = [];
    for (let at = 0; at < template.length;) {
        const open = template.indexOf('{', at);
        const literalEnd = open === -1 ? template.length : open;
        const stray = template.indexOf('}', at);
        if (stray !== -1 && stray < literalEnd)
            throw invalid(template, 'unmatched "}"', stray);
        if (literalEnd > at)
            parts.push({ kind: 'literal', text: encode(template.slice(at, literalEnd), true) });
        if (open === -1)
            break;
        const close = template.indexOf('}', open);
        if (close === -1)
            throw invalid(template, 'unclosed "{"', open);
        parts.push(parseExpression(template, open + 1, close));
        at = close + 1;
    }
    return parts;
}
function parseExpression(template, start, end) {
    const head = template.charAt(start);
    if (start === end)
        throw invalid(template, 'empty expression', start - 1);
    if (RESERVED_OPERATORS.includes(head))
        throw invalid(template, `reserved operator "${head}"`, start);
    const operator = OPERATORS.get(head);
    const body = template.slice(operator ? start + 1 : start, end);
    const vars = body.split(',').map((spec) => {
        const m = VARSPEC.exec(spec);
        if (!m)
            throw invalid(template, `invalid variable "${spec}" (want name, name:1…9999 or name*)`, start);
        return { name: m[1] ?? '', prefix: m[2] ? Number(m[2]) : 0, explode: m[3] !== undefined };
    });
    return { kind: 'expression', op: operator ?? SIMPLE, vars };
}
function expandExpression(operator, vars, variables) {
    let out = '';
    let defined = 0;
    for (const spec of vars) {
        const text = expandValue(spec, Object.hasOwn(variables, spec.name) ? variables[spec.name] : undefined, operator);
        if (text !== undefined)
            out += (defined++ === 0 ? operator.first : operator.sep) + text;
    }
    return out;
}
function expandValue(spec, value, o) {
    if (value == null)
        return undefined;
    const named = (name, text) => (text === '' ? name + o.ifemp : `${name}=${text}`);
    if (typeof value !== 'object') {
        const text = String(value);
        const encoded = encode(spec.prefix > 0 ? truncate(text, spec.prefix, o.reserved) : text, o.reserved);
        return o.named ? named(spec.name, encoded) : encoded;
    }
    if (spec.prefix > 0)
        throw new LocalError('INVALID_ARGUMENT', `URI template variable "${spec.name}" has a prefix modifier but a composite value`);
    const pairs = isList(value)
        ? value.map((item) => [undefined, encode(item, o.reserved)])
        : Object.entries(value).map(([k, v]) => [encode(k, o.reserved), encode(v, o.reserved)]);
    if (pairs.length === 0)
        return undefined;
    if (!spec.explode) {
        const joined = pairs.map(([k, v]) => (k === undefined ? v : `${k},${v}`)).join(',');
        return o.named ? named(spec.name, joined) : joined;
    }
    const items = pairs.map(([k, v]) => (o.named ? named(k ?? spec.name, v) : k === undefined ? v : `${k}=${v}`));
    return items.join(o.sep);
}
function isList(value) {
    return Array.isArray(value);
}
/** The first `max` characters of `text`: code points, and with `reserved`, whole pct-encoded triplets. */
function truncate(text, max, reserved) {
    let i = 0;
    for (let n = 0; n < max && i < text.length; n++) {
        if (reserved && isTriplet(text, i))
            i += 3;
        else
            i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    }
    return text.slice(0, i);
}
const UNRESERVED = 1;
const RESERVED = 2;
const CHAR_CLASS = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~')
    CHAR_CLASS[c.charCodeAt(0)] = UNRESERVED;
for (const c of ":/?#[]@!$&'()*+,;=")
    CHAR_CLASS[c.charCodeAt(0)] = RESERVED;
const ALL_UNRESERVED = /^[\w.~-]*$/;
const utf8 = new TextEncoder();
const isHex = (code) => (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
const isTriplet = (text, i) => text.charCodeAt(i) === 37 && isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2));
const pct = (byte) => `%${byte < 16 ? '0' : ''}${byte.toString(16).toUpperCase()}`;
/**
 * Pct-encodes (UTF-8) every character outside the unreserved set, or, with
 * `reserved`, outside unreserved ∪ reserved; then pct-encoded triplets also pass.
 */
function encode(text, reserved) {
    if (ALL_UNRESERVED.test(text))
        return text;
    let out = '';
    for (let i = 0; i < text.length;) {
        const code = text.charCodeAt(i);
        if (code >= 0x80) {
            let j = i + 1;
            while (j < text.length && text.charCodeAt(j) >= 0x80)
                j++;
            for (const byte of utf8.encode(text.slice(i, j)))
                out += pct(byte);
            i = j;
            continue;
        }
        const kind = CHAR_CLASS[code];
        out += kind === UNRESERVED || (reserved && (kind === RESERVED || isTriplet(text, i))) ? text.charAt(i) : pct(code);
        i++;
    }
    return out;
}
//# sourceMappingURL=uriTemplate.js.map