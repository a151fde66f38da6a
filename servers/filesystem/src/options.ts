/**
 * The filesystem server's options, and how a command line
 * (`mcpkit serve filesystem DIR… [flags]`) becomes them.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { LocalError } from 'mcpkit/jsonrpc';
import type { Limits } from './tools/shared.js';

/** Options of {@link createFilesystemServer}. */
export interface FilesystemOptions extends Partial<Limits> {
  /** The directories to serve (at least one; `~` is the home directory). Clients' roots may only narrow them. */
  readonly directories: readonly string[];
  /** Serve only the tools that read (no write, edit, create or move). */
  readonly readOnly?: boolean;
  /** Where warnings go (default: stderr). */
  readonly warn?: (line: string) => void;
}

/** The limits when none are given. */
export const DEFAULT_LIMITS: Limits = {
  maxFileBytes: 32 * 1024 * 1024,
  maxReadBytes: 32 * 1024 * 1024,
  listMaxEntries: 10_000,
  searchTimeoutMs: 30_000,
  maxSearchResults: 10_000,
  treeMaxDepth: 32,
  treeMaxEntries: 10_000,
};

const FLAGS = {
  'read-only': { type: 'boolean' },
  'max-file-size': { type: 'string' },
  'max-read-size': { type: 'string' },
  'list-max-entries': { type: 'string' },
  'search-timeout': { type: 'string' },
  'max-search-results': { type: 'string' },
  'tree-max-depth': { type: 'string' },
  'tree-max-entries': { type: 'string' },
} as const;

const SUFFIX: Readonly<Record<string, number>> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

function invalid(message: string): LocalError {
  return new LocalError('INVALID_ARGUMENT', message);
}

/** A positive size: bytes, or with a K, M or G suffix (powers of 1024). */
export function parseSize(text: string, flag: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([kmg]?)i?b?$/i.exec(text.trim());
  const value = match === null ? NaN : Number(match[1]) * (SUFFIX[(match[2] ?? '').toLowerCase()] ?? NaN);
  if (!(value >= 1)) throw invalid(`--${flag} needs a size such as 10485760, 512K or 64M, not ${JSON.stringify(text)}`);
  return Math.floor(value);
}

function positive(text: string, flag: string, scale = 1): number {
  const value = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : NaN;
  if (!(value > 0)) throw invalid(`--${flag} needs a positive number, not ${JSON.stringify(text)}`);
  return Math.round(value * scale);
}

/** Reads `mcpkit serve filesystem`'s arguments: directories, and flags for the limits. */
export function filesystemOptionsFromArgs(args: readonly string[]): FilesystemOptions {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: FLAGS, allowPositionals: true });
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw invalid('filesystem needs at least one directory: mcpkit serve filesystem DIR…');
  const limits: Partial<Record<keyof Limits, number>> = {};
  if (values['max-file-size'] !== undefined) limits.maxFileBytes = parseSize(values['max-file-size'], 'max-file-size');
  if (values['max-read-size'] !== undefined) limits.maxReadBytes = parseSize(values['max-read-size'], 'max-read-size');
  if (values['list-max-entries'] !== undefined) limits.listMaxEntries = positive(values['list-max-entries'], 'list-max-entries');
  if (values['search-timeout'] !== undefined) limits.searchTimeoutMs = positive(values['search-timeout'], 'search-timeout', 1000);
  if (values['max-search-results'] !== undefined)
    limits.maxSearchResults = positive(values['max-search-results'], 'max-search-results');
  if (values['tree-max-depth'] !== undefined) limits.treeMaxDepth = positive(values['tree-max-depth'], 'tree-max-depth');
  if (values['tree-max-entries'] !== undefined) limits.treeMaxEntries = positive(values['tree-max-entries'], 'tree-max-entries');
  return { directories: positionals, readOnly: values['read-only'] === true, ...limits };
}
