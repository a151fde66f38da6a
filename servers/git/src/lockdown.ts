/**
 * The configuration that keeps git from running programs. A repository's
 * configuration (and the `.gitattributes` of its files) can name programs
 * git runs while it reads: hooks, an fsmonitor, filters, text conversion and
 * external diff programs, pagers, editors, signature programs, credential
 * helpers, transports for a lazy fetch. Every git command the server runs
 * gets these keys set to values that run nothing, as command-line
 * configuration (which wins over every file), whatever scope set them: the
 * repository decides through its attributes which driver runs on which path,
 * so even a driver from the user's own `~/.gitconfig` (git-lfs, say) must not
 * be started by a hostile repository.
 *
 * @module
 */

/** One configuration override: a key and the value that turns it off. */
export type ConfigOverride = readonly [key: string, value: string];

/**
 * Keys with fixed names. Hooks go to a path that cannot be a directory, every
 * transport is refused (so a partial clone's lazy fetch, which would run a
 * remote's command, fails instead), nothing signs or verifies, no editor or
 * pager or askpass program, no submodule recursion or summary (a submodule
 * is another repository whose configuration we have not read).
 */
export const FIXED_OVERRIDES: readonly ConfigOverride[] = [
  ['core.hooksPath', '/dev/null'],
  ['core.fsmonitor', 'false'],
  ['core.pager', 'cat'],
  ['core.editor', ':'],
  ['sequence.editor', ':'],
  ['core.askPass', ''],
  ['core.sshCommand', ''],
  ['credential.helper', ''],
  ['diff.external', ''],
  ['diff.submodule', 'short'],
  ['status.submoduleSummary', 'false'],
  ['submodule.recurse', 'false'],
  ['log.showSignature', 'false'],
  ['commit.gpgSign', 'false'],
  ['tag.gpgSign', 'false'],
  ['gpg.program', 'false'],
  ['gpg.openpgp.program', 'false'],
  ['gpg.x509.program', 'false'],
  ['gpg.ssh.program', 'false'],
  ['gpg.ssh.defaultKeyCommand', 'false'],
  ['protocol.allow', 'never'],
  ['protocol.file.allow', 'never'],
  ['protocol.ext.allow', 'never'],
  ['protocol.ssh.allow', 'never'],
  ['protocol.git.allow', 'never'],
  ['protocol.http.allow', 'never'],
  ['protocol.https.allow', 'never'],
  ['gc.auto', '0'],
  ['maintenance.auto', 'false'],
  ['color.ui', 'false'],
  ['diff.mnemonicPrefix', 'false'],
];

/**
 * Keys named after a driver or a URL, `section.<name>.key`: each one found in
 * the configuration is overridden under its own name (git has no wildcard).
 * A filter with no command is skipped by git, and `required` must go too, or
 * git would fail on every file the missing filter should have cleaned.
 */
const NAMED: Readonly<Record<string, readonly ConfigOverride[]>> = {
  filter: [
    ['clean', ''],
    ['smudge', ''],
    ['process', ''],
    ['required', 'false'],
  ],
  diff: [
    ['textconv', ''],
    ['command', ''],
  ],
  merge: [['driver', 'false']],
  credential: [['helper', '']],
  protocol: [['allow', 'never']],
};

/** Most overrides one repository may need before it is refused (the environment has a size limit). */
export const MAX_OVERRIDES = 2000;

/** Splits `section.sub.section.key` into its section, subsection and key (the subsection may hold dots). */
function splitKey(key: string): { section: string; sub: string; name: string } | undefined {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first < 0 || last === first) return undefined;
  return { section: key.slice(0, first).toLowerCase(), sub: key.slice(first + 1, last), name: key.slice(last + 1) };
}

/** The overrides for every named driver, helper or protocol that the configuration's keys mention. */
export function namedOverrides(keys: Iterable<string>): ConfigOverride[] {
  const seen = new Set<string>();
  const out: ConfigOverride[] = [];
  for (const key of keys) {
    const parts = splitKey(key);
    const turnOff = parts === undefined ? undefined : NAMED[parts.section];
    if (parts === undefined || turnOff === undefined) continue;
    const prefix = `${parts.section}.${parts.sub}`;
    if (seen.has(prefix)) continue;
    seen.add(prefix);
    for (const [name, value] of turnOff) out.push([`${prefix}.${name}`, value]);
  }
  return out;
}

/** The filter drivers that have a program (`filter.<name>.clean`, `smudge` or `process` not empty, the last value winning). */
export function filterDrivers(entries: Iterable<readonly [key: string, value: string]>): Set<string> {
  const last = new Map<string, string>();
  for (const [key, value] of entries) last.set(key, value);
  const drivers = new Set<string>();
  for (const [key, value] of last) {
    const parts = splitKey(key);
    if (parts?.section !== 'filter' || value === '') continue;
    if (['clean', 'smudge', 'process'].includes(parts.name.toLowerCase())) drivers.add(parts.sub);
  }
  return drivers;
}
