// The authorization flags of the client commands, parsed: a secret from a
// file (its first line, never the line end), and the grant flags that
// exclude each other or need a client id (usage errors, exit 2).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAuthSettings } from './authSettings.js';
import { UsageError } from './exitCodes.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpkit-authsettings-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function parse(values: Record<string, string | boolean | undefined>) {
  return parseAuthSettings(values, 'call', {});
}

describe('parseAuthSettings', () => {
  it('reads --client-secret-file (first line) and the grant flags', () => {
    const file = join(dir, 'secret');
    writeFileSync(file, 'the-secret\r\nignored\n');
    const settings = parse({ 'client-id': 'app', 'client-secret-file': file, 'assertion-file': 'w.jwt', dpop: true });
    expect(settings).toMatchObject({ clientId: 'app', clientSecret: 'the-secret', assertionFile: 'w.jwt', dpop: true });
  });

  it('refuses conflicting or incomplete flags with a usage error', () => {
    const empty = join(dir, 'empty');
    writeFileSync(empty, '\n');
    for (const values of [
      { 'client-id': 'a', 'client-secret': 's', 'client-secret-file': empty },
      { 'client-id': 'a', 'client-secret-file': empty },
      { 'client-id': 'a', 'client-secret-file': join(dir, 'missing') },
      { 'client-secret-file': empty },
      { 'client-id': 'a', 'id-token-file': 'id.jwt' },
      { 'client-id': 'a', 'client-secret': 's', 'client-credentials': true, 'assertion-file': 'w.jwt' },
      { 'assertion-file': 'w.jwt' },
    ])
      expect(() => parse(values), JSON.stringify(values)).toThrow(UsageError);
  });
});
