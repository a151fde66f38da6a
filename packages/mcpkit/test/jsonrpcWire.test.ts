/**
 * Replays every `wire/jsonrpc-*.txt` transcript against the echo server built
 * on `Connection`. `UPDATE_GOLDEN=1` rewrites their `<` lines.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ConnectionOptions } from '../src/jsonrpc/connectionOptions.js';
import { serveEcho } from './echoServer.js';
import { runTranscript } from './wireTranscript.js';

const WIRE_DIR = fileURLToPath(new URL('./wire/', import.meta.url));
const FILES = readdirSync(WIRE_DIR)
  .filter((f) => /^jsonrpc-.*\.txt$/.test(f))
  .sort();

/** Server options for the transcripts that need more than the defaults (each says so in its header). */
const OPTIONS: Readonly<Record<string, ConnectionOptions>> = {
  'jsonrpc-batch-accepted.txt': { allowBatch: () => true },
  'jsonrpc-error-details-exposed.txt': { exposeErrorDetails: true },
};

describe('JSON-RPC wire transcripts', () => {
  it('covers parse errors, invalid requests, unknown methods, batches, notifications and error masking', () => {
    for (const name of [
      'parse-errors',
      'invalid-requests',
      'unknown-method',
      'batch-rejected',
      'notifications',
      'error-masking',
    ]) {
      expect(FILES).toContain(`jsonrpc-${name}.txt`);
    }
  });

  for (const file of FILES) {
    it(file, async () => {
      await runTranscript(join(WIRE_DIR, file), (transport) => serveEcho(transport, OPTIONS[file] ?? {}).ready);
    });
  }
});
