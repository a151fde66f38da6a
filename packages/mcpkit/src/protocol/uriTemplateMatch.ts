/**
 * Matching a URI against a parsed URI template: the inverse of expansion.
 *
 * The matcher makes one left-to-right pass and never backtracks, so a hostile
 * URI costs time linear in its length (times the template's size); URIs longer
 * than {@link MAX_MATCH_LENGTH} are refused outright. The rules:
 *
 * - Literals must appear exactly (in their encoded form). The template's last
 *   literal is matched against the end of the URI.
 * - A variable never spans `/`, `?` or `#` unless its operator allows it
 *   (`{+x}` and `{#x}` span anything; `{/x*}` spans `/`; query values span
 *   everything but `#`). Values are pct-decoded; a malformed escape is no match.
 * - Consecutive `{?…}`/`{&…}` expressions form one query section whose
 *   parameters may come in any order, may be missing (the variable is then
 *   absent), and may be accompanied by unknown parameters (ignored). A
 *   non-exploded parameter given twice takes its first value.
 * - Every other variable must be present: a URI that omits one (say `{/a,b}`
 *   against `/x`) does not match. Exploded variables may be empty lists.
 * - Ambiguity (`{a}.{b}`, `{+dir}/{name}`) resolves deterministically: each
 *   variable ends at the last occurrence of the text that follows it, leaving
 *   room for as many more occurrences as the rest of the template spells out.
 *   Exploded associative arrays come back as `name=value` strings.
 *
 * @module
 */
import type { Operator, Part, VarSpec } from './uriTemplateParts.js';

/** The longest URI (in UTF-16 code units) that {@link Matcher} considers; longer URIs never match. */
export const MAX_MATCH_LENGTH = 65_536;

/** Matched variables: decoded strings, or lists for exploded variables. */
export type MatchedValues = Record<string, string | string[]>;

/** @internal Matches a URI against one compiled template. */
export type Matcher = (uri: string) => MatchedValues | undefined;

interface Slot {
  readonly kind: 'slot';
  readonly first: string;
  readonly sep: string;
  readonly named: boolean;
  /** Query variables may be missing. */
  readonly optional: boolean;
  /** Characters a match of this slot never contains. */
  readonly stops: string;
  /** How many separators end the slot (path segments of a non-exploded `{/a,b}`), else Infinity. */
  readonly cap: number;
  /** Whether the separator may occur inside a value, so extra pieces join the last variable. */
  readonly absorb: boolean;
  readonly vars: readonly VarSpec[];
  /** The text that ends this slot ('' when unknown), whether it is a literal, and how many more of it the template needs. */
  anchor: string;
  anchorIsLiteral: boolean;
  reserve: number;
}
type Element = { readonly kind: 'literal'; readonly text: string } | Slot;
type Values = Map<string, string | string[]>;

/** @internal Compiles parsed template parts into a matcher. */
export function compileMatcher(parts: readonly Part[]): Matcher {
  const elements = toElements(parts);
  return (uri) => {
    if (uri.length > MAX_MATCH_LENGTH) return undefined;
    const values: Values = new Map();
    return run(elements, uri, values) ? Object.fromEntries(values) : undefined;
  };
}

function toElements(parts: readonly Part[]): Element[] {
  const elements: Element[] = [];
  for (const part of parts) {
    const prev = elements.at(-1);
    if (part.kind === 'literal') elements.push(part);
    else if (isQuery(part.op) && prev?.kind === 'slot' && prev.optional)
      elements[elements.length - 1] = { ...prev, vars: [...prev.vars, ...part.vars] };
    else elements.push(toSlot(part.op, part.vars));
  }
  setAnchors(elements);
  return elements;
}

const isQuery = (o: Operator): boolean => o.named && o.ifemp === '=';

function toSlot(o: Operator, vars: readonly VarSpec[]): Slot {
  const { first, sep, named, reserved } = o;
  const query = isQuery(o);
  return {
    kind: 'slot',
    first,
    sep,
    named,
    optional: query,
    stops: reserved ? '' : query ? '#' : ['/', '?', '#'].filter((c) => c !== first && c !== sep).join(''),
    cap: !named && sep === '/' && !vars.some((v) => v.explode) ? vars.length : Infinity,
    absorb: sep === ',' || sep === '.',
    vars,
    anchor: '',
    anchorIsLiteral: false,
    reserve: 0,
  };
}

function setAnchors(elements: readonly Element[]): void {
  // The last literal is matched against the end of the URI, so no earlier slot reserves room for it.
  const counted = elements.at(-1)?.kind === 'literal' ? elements.length - 1 : elements.length;
  for (const [i, el] of elements.entries()) {
    const next = elements[i + 1];
    if (el.kind === 'literal' || next === undefined) continue;
    el.anchor = next.kind === 'literal' ? next.text : next.first;
    el.anchorIsLiteral = next.kind === 'literal';
    if (el.anchor === '') continue;
    for (const later of elements.slice(i + 2, counted)) {
      el.reserve += later.kind === 'literal' ? occurrences(later.text, el.anchor) : Number(later.first === el.anchor);
    }
  }
}

function occurrences(text: string, needle: string): number {
  let n = 0;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}

function run(elements: readonly Element[], uri: string, values: Values): boolean {
  let pos = 0;
  let end = uri.length;
  let body = elements;
  const head = body[0];
  if (head?.kind === 'literal') {
    if (!uri.startsWith(head.text)) return false;
    pos = head.text.length;
    body = body.slice(1);
  }
  const tail = body.at(-1);
  if (tail?.kind === 'literal') {
    if (!uri.endsWith(tail.text) || end - tail.text.length < pos) return false;
    end -= tail.text.length;
    body = body.slice(0, -1);
  }
  for (const [i, el] of body.entries()) {
    if (el.kind === 'literal') {
      if (pos + el.text.length > end || !uri.startsWith(el.text, pos)) return false;
      pos += el.text.length;
      continue;
    }
    const stop = slotEnd(el, uri, pos, end, i === body.length - 1);
    if (stop < 0 || !decodeSlot(el, uri.slice(pos, stop), values)) return false;
    pos = stop;
  }
  return pos === end;
}

/** Where the slot starting at `pos` ends, or -1 when it cannot. */
function slotEnd(slot: Slot, uri: string, pos: number, end: number, last: boolean): number {
  if (slot.first !== '' && (pos >= end || uri[pos] !== slot.first)) return pos;
  const start = slot.first === '' ? pos : pos + 1;
  let limit = start;
  for (let seps = 0; limit < end; limit++) {
    const c = uri.charAt(limit);
    if (slot.stops.includes(c) || (c === slot.sep && ++seps >= slot.cap)) break;
  }
  if (last) return limit === end ? end : -1;
  if (slot.anchor === '') return limit;
  // The (reserve + 1)-th last occurrence of the anchor in [start, limit], or the first if there are fewer.
  let found = -1;
  for (let at = Math.min(limit, end - slot.anchor.length), left = slot.reserve; left >= 0 && at >= start; left--) {
    const i = uri.lastIndexOf(slot.anchor, at);
    if (i < start) break;
    found = i;
    at = i - 1;
  }
  return found >= 0 ? found : slot.anchorIsLiteral ? -1 : limit;
}

function decodeSlot(slot: Slot, text: string, values: Values): boolean {
  if (slot.first !== '' && text === '') {
    // The whole expression is absent: only optional and exploded variables survive that.
    return slot.named ? assignNamed(slot, [], values) : slot.vars.every((v) => v.explode && put(values, v.name, []));
  }
  const body = slot.first === '' ? text : text.slice(1);
  return slot.named ? assignNamed(slot, body.split(slot.sep), values) : assignPositional(slot, body, values);
}

function assignNamed(slot: Slot, pieces: readonly string[], values: Values): boolean {
  const wanted = new Set(slot.vars.map((v) => v.name));
  const byName = new Map<string, string[]>();
  for (const piece of pieces) {
    const eq = piece.indexOf('=');
    const name = eq < 0 ? piece : piece.slice(0, eq);
    if (!wanted.has(name)) continue;
    const raw = eq < 0 ? '' : piece.slice(eq + 1);
    const list = byName.get(name);
    if (list) list.push(raw);
    else byName.set(name, [raw]);
  }
  return slot.vars.every((spec) => {
    const raws = byName.get(spec.name);
    if (raws === undefined) return slot.optional || (spec.explode && put(values, spec.name, []));
    const decoded = decodeAll(spec.explode ? raws : raws.slice(0, 1));
    return decoded !== undefined && put(values, spec.name, spec.explode ? decoded : (decoded[0] ?? ''));
  });
}

/** Assigns pieces left to right; an exploded variable takes all but one piece per variable after it. */
function assignPositional(slot: Slot, body: string, values: Values): boolean {
  const { vars, sep } = slot;
  let pieces = body.split(sep);
  if (!vars.some((v) => v.explode) && pieces.length > vars.length) {
    if (!slot.absorb) return false;
    pieces = [...pieces.slice(0, vars.length - 1), pieces.slice(vars.length - 1).join(sep)];
  }
  let i = 0;
  return vars.every((spec, v) => {
    if (spec.explode) {
      const take = Math.max(0, pieces.length - i - (vars.length - v - 1));
      const decoded = decodeAll(body === '' ? [] : pieces.slice(i, (i += take)));
      return decoded !== undefined && put(values, spec.name, decoded);
    }
    const raw = pieces[i++];
    const decoded = raw === undefined ? undefined : decode(raw);
    return decoded !== undefined && put(values, spec.name, decoded);
  });
}

/** Records a value; a variable that occurs twice in the template must match the same value both times. */
function put(values: Values, name: string, value: string | string[]): boolean {
  const prior = values.get(name);
  if (prior !== undefined && JSON.stringify(prior) !== JSON.stringify(value)) return false;
  values.set(name, value);
  return true;
}

function decode(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function decodeAll(raws: readonly string[]): string[] | undefined {
  const out: string[] = [];
  for (const raw of raws) {
    const decoded = decode(raw);
    if (decoded === undefined) return undefined;
    out.push(decoded);
  }
  return out;
}
