import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultTokenFile, FileTokenStore } from './fileTokenStore.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('FileTokenStore', () => {
  it('keeps records in a 0600 file in a 0700 directory, and survives concurrent writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpkit-store-'));
    dirs.push(dir);
    const store = new FileTokenStore(join(dir, 'sub', 'auth.json'));
    await Promise.all(['a', 'b', 'c'].map((s) => store.set(`https://${s}/mcp`, { server: `https://${s}/mcp` })));
    expect((await store.list()).map((r) => r.server).sort()).toEqual(['https://a/mcp', 'https://b/mcp', 'https://c/mcp']);
    expect(statSync(join(dir, 'sub', 'auth.json')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'sub')).mode & 0o777).toBe(0o700);
    await store.delete('https://b/mcp');
    expect(await store.get('https://b/mcp')).toBeUndefined();
    expect(JSON.parse(readFileSync(join(dir, 'sub', 'auth.json'), 'utf8'))).toMatchObject({ version: 1 });
  });

  it('reads a missing file as empty, and lives under XDG_CONFIG_HOME', async () => {
    expect(await new FileTokenStore(join(tmpdir(), 'mcpkit-none', 'x.json')).list()).toEqual([]);
    expect(defaultTokenFile({ XDG_CONFIG_HOME: '/cfg' })).toBe('/cfg/mcpkit/auth.json');
  });
});
