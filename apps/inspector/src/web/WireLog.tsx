/**
 * The wire log: one timeline of every message in both directions, HTTP
 * exchanges and stderr, in a region named "Wire log". Requests are paired
 * with their responses (latency shown), the list is filtered by direction
 * and method and searched, and any entry is copied as JSON. The list is
 * virtualised (only the visible rows exist), so 10,000 messages scroll as
 * smoothly as ten.
 *
 * @module
 */
import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Pairing } from '../shared/pairing.js';
import type { WireEntry } from '../shared/wire.js';
import { clock, filterEntries, methodOf, summaryOf, type WireFilter } from './wireView.js';

const ROW = 22;
const OVERSCAN = 8;

function Line({
  entry,
  index,
  pairing,
}: {
  readonly entry: WireEntry;
  readonly index: number;
  readonly pairing: Pairing;
}): JSX.Element {
  if (entry.kind === 'stderr') return <span class="stderr">stderr {entry.text.trimEnd()}</span>;
  if (entry.kind === 'http')
    return (
      <span class="http">
        HTTP {entry.method} {entry.url} → {entry.status ?? entry.error ?? '…'} {entry.responseHeaders['content-type'] ?? ''}
      </span>
    );
  const s = summaryOf(entry);
  const pair = pairing.pairOf(index);
  const method = methodOf(entry, index, pairing) ?? '';
  const isReply = s?.type === 'response' || s?.type === 'error';
  return (
    <span class={`msg ${s?.type ?? ''}`}>
      {entry.app === undefined ? null : (
        <span class="app-tag" title={entry.app}>
          app{' '}
        </span>
      )}
      <span
        class="dir"
        aria-label={
          entry.app === undefined
            ? entry.dir === 'out'
              ? 'sent'
              : 'received'
            : entry.dir === 'out'
              ? 'sent to the app'
              : 'received from the app'
        }
      >
        {entry.dir === 'out' ? '→' : '←'}
      </span>{' '}
      <span class="type">{s?.type}</span> <span class="method">{method}</span>
      {s?.id === undefined ? null : <span class="id"> #{String(s.id)}</span>}
      {isReply && pair?.latencyMs !== undefined ? <span class="latency"> {pair.latencyMs.toFixed(1)} ms</span> : null}
      {!isReply && pair !== undefined && pair.response === undefined ? <span class="pending"> pending</span> : null}
    </span>
  );
}

function copy(text: string): void {
  // The clipboard API exists only in secure contexts (loopback is one).
  if ('clipboard' in navigator) void navigator.clipboard.writeText(text).catch(() => undefined);
}

/** The wire log of one connection. */
export function WireLog({ entries, version }: { readonly entries: readonly WireEntry[]; readonly version: number }): JSX.Element {
  const [filter, setFilter] = useState<WireFilter>({ direction: 'all', method: '', search: '' });
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);
  const box = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const pairingRef = useRef<{ entries: readonly WireEntry[]; pairing: Pairing } | undefined>(undefined);
  if (pairingRef.current?.entries !== entries) pairingRef.current = { entries, pairing: new Pairing() };
  const pairing = pairingRef.current.pairing;
  pairing.update(entries);
  const shown = useMemo(() => filterEntries(entries, pairing, filter), [entries, version, filter, pairing]);

  useLayoutEffect(() => {
    const el = box.current;
    if (el === null) return;
    setHeight(el.clientHeight);
    if (follow.current) el.scrollTop = el.scrollHeight;
  }, [shown.length]);
  useEffect(() => {
    const el = box.current;
    if (el === null) return undefined;
    const observer = new ResizeObserver(() => {
      setHeight(el.clientHeight);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
    };
  }, []);

  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const last = Math.min(shown.length, Math.ceil((scrollTop + height) / ROW) + OVERSCAN);
  const rows: JSX.Element[] = [];
  for (let r = first; r < last; r++) {
    const index = shown[r];
    const entry = index === undefined ? undefined : entries[index];
    if (index === undefined || entry === undefined) continue;
    rows.push(
      <div
        role="listitem"
        key={entry.seq}
        class={index === selected ? 'row selected' : 'row'}
        style={{ top: `${String(r * ROW)}px`, height: `${String(ROW)}px` }}
        tabIndex={0}
        onClick={() => {
          setSelected(index);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') setSelected(index);
        }}
      >
        <span class="time">{clock(entry.t)}</span> <Line entry={entry} index={index} pairing={pairing} />
      </div>,
    );
  }
  const chosen = selected === undefined ? undefined : entries[selected];
  const pair = selected === undefined ? undefined : pairing.pairOf(selected);
  const other = pair === undefined ? undefined : pair.request === selected ? pair.response : pair.request;
  return (
    <section class="wire" role="region" aria-label="Wire log">
      <div class="wire-tools">
        <label for="wire-direction">Direction</label>
        <select
          id="wire-direction"
          value={filter.direction}
          onChange={(e) => {
            setFilter({ ...filter, direction: e.currentTarget.value as WireFilter['direction'] });
          }}
        >
          <option value="all">all</option>
          <option value="out">sent (client → server)</option>
          <option value="in">received (server → client)</option>
          <option value="http">HTTP exchanges</option>
          <option value="stderr">stderr</option>
        </select>
        <label for="wire-method">Method</label>
        <input
          id="wire-method"
          size={14}
          value={filter.method}
          onInput={(e) => {
            setFilter({ ...filter, method: e.currentTarget.value });
          }}
        />
        <label for="wire-search">Search</label>
        <input
          id="wire-search"
          type="search"
          size={14}
          value={filter.search}
          onInput={(e) => {
            setFilter({ ...filter, search: e.currentTarget.value });
          }}
        />
        <span class="count" role="status">
          {shown.length === entries.length
            ? `${String(entries.length)} messages`
            : `${String(shown.length)} of ${String(entries.length)}`}
        </span>
        <button
          type="button"
          onClick={() => {
            copy(
              JSON.stringify(
                shown.map((i) => entries[i]),
                null,
                2,
              ),
            );
          }}
        >
          Copy shown
        </button>
      </div>
      <div
        class="wire-list"
        ref={box}
        role="list"
        aria-label="Messages"
        onScroll={(e) => {
          const el = e.currentTarget;
          follow.current = el.scrollTop + el.clientHeight >= el.scrollHeight - ROW;
          setScrollTop(el.scrollTop);
        }}
      >
        <div style={{ height: `${String(shown.length * ROW)}px`, position: 'relative' }}>{rows}</div>
      </div>
      {chosen === undefined ? null : (
        <div class="wire-detail" aria-label="Message detail" role="region">
          <div class="buttons">
            <button
              type="button"
              onClick={() => {
                copy(JSON.stringify(chosen.kind === 'message' ? chosen.message : chosen, null, 2));
              }}
            >
              Copy as JSON
            </button>
            {other === undefined ? null : (
              <button
                type="button"
                onClick={() => {
                  setSelected(other);
                }}
              >
                {pair?.request === selected ? 'Show response' : 'Show request'}
              </button>
            )}
            {pair?.latencyMs === undefined ? null : <span>latency {pair.latencyMs.toFixed(1)} ms</span>}
            <button
              type="button"
              onClick={() => {
                setSelected(undefined);
              }}
            >
              Close
            </button>
          </div>
          <pre class="json">{JSON.stringify(chosen.kind === 'message' ? chosen.message : chosen, null, 2)}</pre>
        </div>
      )}
    </section>
  );
}
