/**
 * Query strings, read without building a `URL` per request.
 *
 * @module
 */

/** Reads one query parameter from a raw query string. */
export function queryParam(search: string, name: string): string | undefined {
  if (search === '') return undefined;
  for (const pair of search.split('&')) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (decodeQuery(key) === name) return eq < 0 ? '' : decodeQuery(pair.slice(eq + 1));
  }
  return undefined;
}

function decodeQuery(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
