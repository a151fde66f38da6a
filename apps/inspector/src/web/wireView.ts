/**
 * The wire log's lines as the list shows them, filtered and searched: pure
 * functions over the entries, with each entry's summary and searchable text
 * computed once (a log of 10,000 messages is filtered on every keystroke).
 *
 * @module
 */
import type { Pairing } from '../shared/pairing.js';
import { summarize, type MessageSummary, type WireEntry } from '../shared/wire.js';

/** Which entries to show. */
export interface WireFilter {
  /** `all`, `out` (client → server), `in` (server → client), `http`, `stderr`. */
  readonly direction: 'all' | 'out' | 'in' | 'http' | 'stderr';
  /** Shown when the (paired) method contains this text. */
  readonly method: string;
  /** Shown when the entry's JSON contains this text (case-insensitive). */
  readonly search: string;
}

const summaries = new WeakMap<WireEntry, MessageSummary>();
const texts = new WeakMap<WireEntry, string>();

/** An entry's message summary (cached). */
export function summaryOf(entry: WireEntry): MessageSummary | undefined {
  if (entry.kind !== 'message') return undefined;
  let s = summaries.get(entry);
  if (s === undefined) {
    s = summarize(entry.message);
    summaries.set(entry, s);
  }
  return s;
}

/** An entry's searchable text, lower-cased (cached). */
export function textOf(entry: WireEntry): string {
  let t = texts.get(entry);
  if (t === undefined) {
    t = (
      entry.kind === 'message'
        ? JSON.stringify(entry.message)
        : entry.kind === 'http'
          ? `${entry.method} ${entry.url} ${String(entry.status)} ${JSON.stringify(entry.responseHeaders)}`
          : entry.text
    ).toLowerCase();
    texts.set(entry, t);
  }
  return t;
}

/** The method a line is about: its own, or its request's for a response. */
export function methodOf(entry: WireEntry, index: number, pairing: Pairing): string | undefined {
  if (entry.kind === 'http') return undefined;
  return summaryOf(entry)?.method ?? pairing.pairOf(index)?.method;
}

/** The indexes of the entries `filter` lets through. */
export function filterEntries(entries: readonly WireEntry[], pairing: Pairing, filter: WireFilter): number[] {
  const method = filter.method.trim().toLowerCase();
  const search = filter.search.trim().toLowerCase();
  const out: number[] = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e === undefined) continue;
    if (filter.direction !== 'all') {
      if (filter.direction === 'http' || filter.direction === 'stderr') {
        if (e.kind !== filter.direction) continue;
      } else if (e.kind !== 'message' || e.dir !== filter.direction) continue;
    }
    if (method !== '' && !(methodOf(e, i, pairing) ?? '').toLowerCase().includes(method)) continue;
    if (search !== '' && !textOf(e).includes(search)) continue;
    out.push(i);
  }
  return out;
}

/** `HH:MM:SS.mmm` of a time in ms since the epoch. */
export function clock(t: number): string {
  const d = new Date(t);
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
