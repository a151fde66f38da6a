/**
 * What a recording may not give away when it is shared: the values of the
 * headers the user set (any of them: a name does not say whether it holds a
 * key), the stdio server's environment values, token-like query parameters
 * and passwords in URLs, secret-looking command-line flags, and the
 * credentials the HTTP wire entries carry. Names stay (they say what the
 * server needs), values become `***`; `Bearer ***` keeps the scheme. The
 * values the user gave are then also masked wherever else they appear (a
 * server that echoes its key on stderr or in a result gives it away too).
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
  } else if (url.username !== '') {
    // A user name with no password is the credential itself (`https://ghp_…@github.com`).
    url.username = MASKED;
    changed = true;
  }
  for (const name of [...new Set(url.searchParams.keys())]) {
    if (!SECRET_NAME.test(name)) continue;
    url.searchParams.set(name, MASKED);
    changed = true;
  }
  // An implicit-grant style fragment (`#access_token=…&state=…`) carries parameters too.
  if (url.hash.includes('=')) {
    const fragment = new URLSearchParams(url.hash.slice(1));
    let secret = false;
    for (const name of [...new Set(fragment.keys())])
      if (SECRET_NAME.test(name)) {
        fragment.set(name, MASKED);
        secret = true;
      }
    if (secret) {
      url.hash = fragment.toString();
      changed = true;
    }
  }
  // An untouched URL keeps its exact spelling (URL would normalise it).
  return changed ? url.href : text;
}

/** Flags whose value is a header (`Name: value`) or an environment assignment (`NAME=value`): the value is the user's. */
const HEADER_FLAG = /^(-H|--header)$/;
const ENV_FLAG = /^(-e|--env)$/;

/** `Name: value` with the value masked (keeping a short scheme), or undefined when `text` is no header. */
function maskHeaderText(text: string): string | undefined {
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  return `${text.slice(0, colon)}: ${maskCredential(text.slice(colon + 1).trim())}`;
}

/** `NAME=value` with the value masked, or undefined when `text` is no assignment. */
function maskAssignment(text: string): string | undefined {
  const eq = text.indexOf('=');
  return eq > 0 ? `${text.slice(0, eq)}=${MASKED}` : undefined;
}

/** A `--header …`/`--env …` value, or the `=`-joined form of those flags, masked; undefined for any other argument. */
function maskFlagValue(arg: string, after: string | undefined): string | undefined {
  if (after !== undefined && HEADER_FLAG.test(after)) return maskHeaderText(arg);
  if (after !== undefined && ENV_FLAG.test(after)) return maskAssignment(arg);
  const joined = /^(--header|--env)=(.*)$/s.exec(arg);
  if (joined?.[1] === undefined || joined[2] === undefined) return undefined;
  const value = joined[1] === '--header' ? maskHeaderText(joined[2]) : maskAssignment(joined[2]);
  return value === undefined ? undefined : `${joined[1]}=${value}`;
}

/**
 * Command-line arguments with secret-looking values masked: after a flag
 * (`--api-key X`, `--token=X`), in an assignment (`API_KEY=X`, as `env` and
 * `docker -e` take them), every value given to `--header`/`-H` (`mcp-remote
 * URL --header "Authorization: Bearer …"`) and `--env`/`-e`, and in URLs.
 */
export function maskArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  let nextIsSecret = false;
  for (const [i, arg] of args.entries()) {
    const secretValue = nextIsSecret && !arg.startsWith('-');
    nextIsSecret = false;
    if (secretValue) {
      out.push(MASKED);
      continue;
    }
    const flagValue = maskFlagValue(arg, i > 0 ? args[i - 1] : undefined);
    if (flagValue !== undefined) {
      out.push(flagValue);
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
  const name = maskUrl(spec.name);
  if (spec.type !== 'stdio') return { ...spec, ...label, name, url: maskUrl(spec.url), headers: maskValues(spec.headers) };
  return { ...spec, ...label, name, args: maskArgs(spec.args), env: maskValues(spec.env) };
}

function maskEntry(entry: WireEntry, userHeaders: ReadonlySet<string>): WireEntry {
  if (entry.kind !== 'http') return entry;
  return {
    ...entry,
    url: maskUrl(entry.url),
    requestHeaders: maskHeaders(entry.requestHeaders, userHeaders),
    // A server's answer may set credentials too (`Set-Cookie`).
    responseHeaders: maskHeaders(entry.responseHeaders),
  };
}

/** Shorter values are too likely to be ordinary text to replace everywhere. */
const SCRUB_MIN = 6;

/** The secret values the user gave in a spec: header and environment values, and what maskUrl and maskArgs hide. */
function secretValues(spec: ConnectSpec): string[] {
  const values =
    spec.type !== 'stdio'
      ? [...Object.values(spec.headers), ...hiddenBy(spec.url, maskUrl(spec.url))]
      : [...Object.values(spec.env), ...spec.args.flatMap((a, i) => hiddenBy(a, maskArgs(spec.args)[i] ?? a))];
  // A credential's scheme ("Bearer") is not the secret; the rest is.
  const parts = values.flatMap((v) => [v, v.slice(v.indexOf(' ') + 1)]);
  return [...new Set(parts.filter((v) => v.length >= SCRUB_MIN && v !== MASKED))].sort((a, b) => b.length - a.length);
}

/** The parts of `before` that masking replaced: compared piece by piece where the two differ. */
function hiddenBy(before: string, after: string): string[] {
  if (before === after) return [];
  const kept = new Set(after.split(/[?&=:@/\s]/));
  return before
    .split(/[?&=:@/\s]/)
    .filter((piece) => piece !== '' && !kept.has(piece))
    .map(decodeOrKeep);
}

function decodeOrKeep(piece: string): string {
  try {
    return decodeURIComponent(piece);
  } catch {
    return piece;
  }
}

/** `value` with every string in it (keys included) cleared of `secrets`. */
function scrub(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return secrets.reduce((text, secret) => text.replaceAll(secret, MASKED), value);
  if (Array.isArray(value)) return value.map((v: unknown) => scrub(v, secrets));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrub(k, secrets) as string, scrub(v, secrets)]));
  return value;
}

/**
 * The recording as it may be shared (see the module's comment). The calls
 * and their outcomes are kept, but for the user's secret values in them.
 */
export function maskRecording(recording: Recording): Recording {
  const target = recording.target;
  const userHeaders = new Set(
    target !== undefined && target.type !== 'stdio' ? Object.keys(target.headers).map((h) => h.toLowerCase()) : [],
  );
  const masked: Recording = {
    ...recording,
    secrets: 'masked',
    target: target === undefined ? undefined : maskSpec(target),
    wire: recording.wire.map((e) => maskEntry(e, userHeaders)),
  };
  const secrets = target === undefined ? [] : secretValues(target);
  return secrets.length === 0 ? masked : (scrub(masked, secrets) as Recording);
}
