/**
 * The project configs the user trusted, remembered in the user's own file
 * (`$XDG_CONFIG_HOME/mcpkit/trusted-projects.json`, else
 * `~/.config/mcpkit/trusted-projects.json`; `MCPKIT_TRUST_FILE` moves it),
 * never in the project. An entry is the working folder, the config's
 * absolute path as found (not where a symlink leads: the same target seen
 * from another folder expands `${workspaceFolder}` and relative paths
 * differently) and the SHA-256 of the bytes that were shown: a changed file is
 * a new question. Written whole to a temporary file and renamed, mode 0600.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** One trusted config. */
export interface TrustedConfig {
  /** The working folder it was trusted for. */
  readonly folder: string;
  /** The config file, absolute, as found. */
  readonly file: string;
  /** SHA-256 of its content, hex. */
  readonly sha256: string;
  /** When, ISO 8601. */
  readonly trustedAt: string;
}

interface TrustFile {
  readonly version: 1;
  readonly configs: TrustedConfig[];
}

/** Where trust is remembered by default. */
export function defaultTrustFile(env: NodeJS.ProcessEnv = process.env): string {
  const named = env['MCPKIT_TRUST_FILE'];
  if (named !== undefined && named !== '') return named;
  const config = env['XDG_CONFIG_HOME'];
  return join(config !== undefined && config !== '' ? config : join(homedir(), '.config'), 'mcpkit', 'trusted-projects.json');
}

/** The SHA-256 of a config's text, hex. */
export function configHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function read(path: string): TrustFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { version: 1, configs: [] };
  }
  try {
    const parsed = JSON.parse(text) as Partial<TrustFile>;
    const configs = Array.isArray(parsed.configs) ? parsed.configs : [];
    return {
      version: 1,
      configs: configs.filter(
        (c): c is TrustedConfig =>
          typeof c === 'object' && typeof c.folder === 'string' && typeof c.file === 'string' && typeof c.sha256 === 'string',
      ),
    };
  } catch {
    // A damaged file trusts nothing; the next answer rewrites it.
    return { version: 1, configs: [] };
  }
}

/** What the store knows of a config: trusted as it is now, trusted with other content, or never. */
export function trustOf(path: string, folder: string, file: string, sha256: string): 'trusted' | 'changed' | 'unknown' {
  const known = read(path).configs.filter((c) => c.folder === folder && c.file === file);
  if (known.some((c) => c.sha256 === sha256)) return 'trusted';
  return known.length > 0 ? 'changed' : 'unknown';
}

/** Remembers a config as trusted (replacing what was known of it). */
export function rememberTrust(path: string, entry: Omit<TrustedConfig, 'trustedAt'>): void {
  const current = read(path);
  const configs = current.configs.filter((c) => !(c.folder === entry.folder && c.file === entry.file));
  configs.push({ ...entry, trustedAt: new Date().toISOString() });
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${String(process.pid)}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ version: 1, configs } satisfies TrustFile, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}
