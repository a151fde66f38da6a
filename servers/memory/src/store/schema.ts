/**
 * The database's tables. Entities, their observations (in order, each at
 * most once per entity) and relations (unique, and free to name entities
 * that do not exist, as in the official graph); row ids keep insertion
 * order, which is the order every result lists things in. `search` indexes each entity's lower-cased name,
 * type and observations for substring queries (FTS5 trigrams).
 *
 * @module
 */

/** The schema version this code writes (`PRAGMA user_version`). */
export const SCHEMA_VERSION = 1;

/** Creates every table and index that does not exist yet. */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS entities (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  entity_type TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS observations (
  id INTEGER PRIMARY KEY,
  entity_id INTEGER NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
  content TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS observations_of_entity ON observations (entity_id, content);
CREATE TABLE IF NOT EXISTS relations (
  id INTEGER PRIMARY KEY,
  from_name TEXT NOT NULL,
  to_name TEXT NOT NULL,
  relation_type TEXT NOT NULL,
  UNIQUE (from_name, to_name, relation_type)
);
CREATE INDEX IF NOT EXISTS relations_to ON relations (to_name);
CREATE VIRTUAL TABLE IF NOT EXISTS search USING fts5 (text, tokenize = 'trigram case_sensitive 1');
CREATE TABLE IF NOT EXISTS imports (
  source TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  imported_at TEXT NOT NULL,
  entities INTEGER NOT NULL,
  relations INTEGER NOT NULL,
  skipped_lines INTEGER NOT NULL,
  PRIMARY KEY (source, sha256)
);
`;
