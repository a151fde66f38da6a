/**
 * Ranked search over tools: BM25 over the words of each tool's name, title
 * and description, so a model (or a gateway's discovery tool) can find the
 * few tools it needs among hundreds without reading every definition.
 *
 * Words are split the way tool names are written (`getWeather`,
 * `get_weather`, `get-weather`, `fs.readFile` all yield `get weather` or
 * `fs read file`), lower-cased, any script. Every field is hostile text a
 * server wrote, so no field can buy rank by repetition or length: a term's
 * count per field is capped, a description counts only its first
 * {@link MAX_FIELD_CHARS} characters, and one server fills at most
 * `maxPerServer` of the results while others match too. Runtime-neutral.
 *
 * @module
 */

/** One searchable entry. */
export interface SearchDocument<T> {
  /** What a hit hands back. */
  readonly value: T;
  /** Its server (for the per-server cap), if any. */
  readonly server?: string;
  readonly name: string;
  readonly title?: string | undefined;
  readonly description?: string | undefined;
}

/** One result. */
export interface SearchHit<T> {
  readonly value: T;
  /** The BM25 score (higher is better; only the order means anything). */
  readonly score: number;
}

/** How a search ranks and cuts. */
export interface SearchOptions {
  /** Results at most (default 5). */
  readonly limit?: number;
  /** Results at most from one server while other servers have hits (default: all but one of `limit`, at least 1). */
  readonly maxPerServer?: number;
}

/** Characters of one field that are read; the rest of a longer description is not indexed. */
export const MAX_FIELD_CHARS = 2000;
/** Characters of a query that are read. */
export const MAX_QUERY_CHARS = 1000;
/** Distinct terms of a query that count. */
export const MAX_QUERY_TERMS = 32;
/** The most a term's repetitions count within one field. */
const MAX_TERM_COUNT = 2;
/** How much a match in each field weighs: a word of the name says more than one of a long description. */
const FIELD_WEIGHTS = { name: 3, title: 2, description: 1 } as const;
type Field = keyof typeof FIELD_WEIGHTS;
const FIELDS = Object.keys(FIELD_WEIGHTS) as Field[];
const K1 = 1.2;
const B = 0.75;

/** Words too common in descriptions to tell tools apart. */
const STOP_WORDS = new Set('a an and are as at be by for from in into is it its of on or that the this to with'.split(' '));

/**
 * The terms of `text`: split at camelCase humps, digits and every non-letter,
 * lower-cased, stop words dropped. `getHTTPResponse2` → `get http response 2`.
 */
export function tokenize(text: string, maxChars: number = MAX_FIELD_CHARS): string[] {
  const spaced = text
    .slice(0, maxChars)
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, '$1$3 $2$4');
  const out: string[] = [];
  for (const word of spaced.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    if (word !== '' && !STOP_WORDS.has(word)) out.push(word.length > 64 ? word.slice(0, 64) : word);
  return out;
}

interface Indexed<T> {
  readonly doc: SearchDocument<T>;
  readonly fields: Record<Field, { counts: Map<string, number>; length: number }>;
}

function fieldStats(text: string | undefined): { counts: Map<string, number>; length: number } {
  const terms = text === undefined ? [] : tokenize(text);
  const counts = new Map<string, number>();
  for (const t of terms) counts.set(t, Math.min(MAX_TERM_COUNT, (counts.get(t) ?? 0) + 1));
  return { counts, length: terms.length };
}

/** An index over a set of tools (rebuild it when the set changes: building is linear in their text). */
export class ToolIndex<T> {
  readonly #docs: Indexed<T>[];
  /** The documents holding each term (in any field), in catalog order: only they are scored. */
  readonly #postings = new Map<string, number[]>();
  readonly #avg: Record<Field, number>;

  constructor(documents: Iterable<SearchDocument<T>>) {
    this.#docs = [...documents].map((doc) => ({
      doc,
      fields: { name: fieldStats(doc.name), title: fieldStats(doc.title), description: fieldStats(doc.description) },
    }));
    this.#docs.forEach((d, i) => {
      const seen = new Set<string>();
      for (const f of Object.values(d.fields)) for (const t of f.counts.keys()) seen.add(t);
      for (const t of seen) {
        const list = this.#postings.get(t);
        if (list === undefined) this.#postings.set(t, [i]);
        else list.push(i);
      }
    });
    const avg = (field: Field): number =>
      Math.max(1, this.#docs.reduce((sum, d) => sum + d.fields[field].length, 0) / Math.max(1, this.#docs.length));
    this.#avg = { name: avg('name'), title: avg('title'), description: avg('description') };
  }

  /** How many documents it holds. */
  get size(): number {
    return this.#docs.length;
  }

  /** The documents best matching `query`, best first; none when no term matches. */
  search(query: string, options: SearchOptions = {}): SearchHit<T>[] {
    const limit = Math.max(0, Math.floor(options.limit ?? 5));
    if (limit === 0) return [];
    const terms = [...new Set(tokenize(query, MAX_QUERY_CHARS))].slice(0, MAX_QUERY_TERMS);
    const candidates = new Set<number>();
    for (const term of terms) for (const i of this.#postings.get(term) ?? []) candidates.add(i);
    const ranked: { hit: SearchHit<T>; server: string | undefined; order: number }[] = [];
    for (const order of candidates) {
      const d = this.#docs[order] as Indexed<T>;
      const score = this.#score(d, terms);
      if (score > 0) ranked.push({ hit: { value: d.doc.value, score }, server: d.doc.server, order });
    }
    ranked.sort((a, b) => b.hit.score - a.hit.score || a.order - b.order);
    return diverse(ranked, limit, options.maxPerServer ?? Math.max(1, limit - 1));
  }

  #score(d: Indexed<T>, terms: readonly string[]): number {
    const n = this.#docs.length;
    let score = 0;
    for (const term of terms) {
      const df = this.#postings.get(term)?.length;
      if (df === undefined) continue;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (const field of FIELDS) {
        const f = d.fields[field];
        const tf = f.counts.get(term);
        if (tf === undefined) continue;
        const norm = tf + K1 * (1 - B + (B * f.length) / this.#avg[field]);
        score += FIELD_WEIGHTS[field] * idf * ((tf * (K1 + 1)) / norm);
      }
    }
    return score;
  }
}

/**
 * The best `limit`, at most `maxPerServer` from one server; a server's extra
 * hits fill the places no other server's hits can take.
 */
function diverse<T>(
  ranked: readonly { hit: SearchHit<T>; server: string | undefined }[],
  limit: number,
  maxPerServer: number,
): SearchHit<T>[] {
  const taken: { hit: SearchHit<T>; server: string | undefined }[] = [];
  const spare: typeof taken = [];
  const perServer = new Map<string, number>();
  for (const r of ranked) {
    if (taken.length >= limit) break;
    const count = r.server === undefined ? 0 : (perServer.get(r.server) ?? 0);
    if (r.server !== undefined && count >= maxPerServer) {
      spare.push(r);
      continue;
    }
    if (r.server !== undefined) perServer.set(r.server, count + 1);
    taken.push(r);
  }
  for (const r of spare) {
    if (taken.length >= limit) break;
    taken.push(r);
  }
  return taken.sort((a, b) => b.hit.score - a.hit.score).map((r) => r.hit);
}
