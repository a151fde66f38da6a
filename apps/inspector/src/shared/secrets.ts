/**
 * What a recording may not give away when it is shared: the values of the
 * headers the user set (any of them: a name does not say whether it holds a
 * key), the stdio server's environment values, token-like query parameters
 * and passwords in URLs, secret-looking command-line flags, and the
 * credentials the HTTP wire entries carry. Names stay (they say what the
 * server needs), values become `***`; `Bearer ***` keeps the scheme.
 *
 * @module
 */
import type { ConnectSpec } from './connectSpec.js';
import type { Recording } from './recording.js';
import type { WireEntry } from './wire.js';

/** What a masked value reads as. */
export const MASKED = '***';

/** Header names that carry credentials whoever set them. */
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key)$/i;

/** Query parameters and flags whose value is likely a secret. */
const SECRET_NAME =
  /token|secret|passw(or)?d|pwd|api[-_]?key|apikey|access[-_]?key|private[-_]?key|auth|signature|session|credential|jwt|bearer|^-*(sig|code|key)$/i;

/** A credential masked, keeping a short scheme ("Bearer ***"), which says what kind it was. */
export function maskCredential(value: string): string {
  const space = value.indexOf(' ');
  return space > 0 && space < 16 ? `${value.slice(0, space)} ${MASKED}` : MASKED;
}

/** Request headers with the credential headers (and those named in `alsoSecret`) masked. */
export function maskHeaders(
  headers: Readonly<Record<string, string>>,
  alsoSecret: ReadonlySet<string> = new Set(),
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      CREDENTIAL_HEADER.test(name) || alsoSecret.has(name.toLowerCase()) ? maskCredential(value) : value,
    ]),
  );
}

/** A URL with its password and token-like query values masked; text that is not a URL is returned as it is. */
export function maskUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  let changed = false;
  if (url.password !== '') {
    url.password = MASKED;
    changed = true;
  }
  for (const name of [...new Set(url.searchParams.keys())]) {
    if (!SECRET_NAME.test(name)) continue;
    url.searchParams.set(name, MASKED);
    changed = true;
  }
  // An untouched URL keeps its exact spelling (URL would normalise it).
  return changed ? url.href : text;
}

/**
 * Command-line arguments with secret-looking values masked: after a flag
 * (`--api-key X`, `--token=X`), in an assignment (`API_KEY=X`, as `env` and
 * `docker -e` take them), and in URLs.
 */
export function maskArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  let nextIsSecret = false;
  for (const arg of args) {
    const secretValue = nextIsSecret && !arg.startsWith('-');
    nextIsSecret = false;
    if (secretValue) {
      out.push(MASKED);
      continue;
    }
    const assignment = /^(-{0,2}[A-Za-z_][\w.-]*)=/.exec(arg);
    if (assignment?.[1] !== undefined && SECRET_NAME.test(assignment[1])) {
      out.push(`${assignment[1]}=${MASKED}`);
      continue;
    }
    if (/^--?[A-Za-z][\w.-]*$/.test(arg) && SECRET_NAME.test(arg)) nextIsSecret = true;
    out.push(maskUrl(arg));
  }
  return out;
}

function maskValues(record: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.keys(record).map((name) => [name, MASKED]));
}

/** A connect spec as it may be shared: every header and environment value masked, and the URL and flags as above. */
export function maskSpec(spec: ConnectSpec): ConnectSpec {
  const label = spec.label === undefined ? {} : { label: maskUrl(spec.label) };
  if (spec.kind === 'http') return { ...spec, ...label, url: maskUrl(spec.url), headers: maskValues(spec.headers) };
  return { ...spec, ...label, args: maskArgs(spec.args), env: maskValues(spec.env) };
}

function maskEntry(entry: WireEntry, userHeaders: ReadonlySet<string>): WireEntry {
  if (entry.kind !== 'http') return entry;
  return { ...entry, url: maskUrl(entry.url), requestHeaders: maskHeaders(entry.requestHeaders, userHeaders) };
}

/**
 * The recording as it may be shared (see the module's comment). The calls
 * and their outcomes are kept: they are what a replay compares.
 */
export function maskRecording(recording: Recording): Recording {
  const target = recording.target;
  const userHeaders = new Set(target?.kind === 'http' ? Object.keys(target.headers).map((h) => h.toLowerCase()) : []);
  return {
    ...recording,
    secrets: 'masked',
    target: target === undefined ? undefined : maskSpec(target),
    wire: recording.wire.map((e) => maskEntry(e, userHeaders)),
  };
}
