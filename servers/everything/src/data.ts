/**
 * The fixed data the server serves: items (behind a resource template),
 * cities and styles (for completion), and a deterministic weather report.
 *
 * @module
 */

/** How many items `everything://items/{id}` has: ids `1` to `ITEM_COUNT`. */
export const ITEM_COUNT = 20;

/** Every item id, in order. */
export const ITEM_IDS: readonly string[] = Array.from({ length: ITEM_COUNT }, (_, i) => String(i + 1));

/** The URI of item `id`. */
export function itemUri(id: string): string {
  return `everything://items/${id}`;
}

/** What an item holds. */
export interface Item {
  readonly id: string;
  readonly name: string;
  readonly description: string;
}

/** Item `id`, or undefined if there is none. */
export function findItem(id: string): Item | undefined {
  if (!ITEM_IDS.includes(id)) return undefined;
  return { id, name: `Item ${id}`, description: `The item number ${id} of ${String(ITEM_COUNT)}` };
}

/** Cities the `args_prompt` and `get_weather` completions offer. */
export const CITIES: readonly string[] = [
  'Amsterdam',
  'Berlin',
  'Boston',
  'Buenos Aires',
  'Cairo',
  'Lisbon',
  'London',
  'Paris',
  'Tokyo',
  'Toronto',
];

/** Writing styles `args_prompt` offers. */
export const STYLES: readonly string[] = ['haiku', 'limerick', 'news report', 'poem'];

/** Sky conditions a weather report can have. */
export const CONDITIONS = ['sunny', 'cloudy', 'rainy', 'snowy', 'windy'] as const;

/** A weather report. */
export interface Weather {
  readonly city: string;
  readonly temperatureC: number;
  readonly conditions: (typeof CONDITIONS)[number];
  readonly humidity: number;
}

/** A made-up but stable report: the same city always gets the same weather. */
export function weatherOf(city: string): Weather {
  let hash = 0;
  for (const ch of city.toLowerCase()) hash = (Math.imul(hash, 31) + (ch.codePointAt(0) ?? 0)) >>> 0;
  return {
    city,
    temperatureC: (hash % 45) - 10,
    conditions: CONDITIONS[hash % CONDITIONS.length] ?? 'sunny',
    humidity: 20 + (hash % 71),
  };
}
