// How `mcpkit serve` splits its own options from the bundled server's.
import { describe, expect, it } from 'vitest';
import { splitServeArgs } from './serve.js';

describe('splitServeArgs', () => {
  it('keeps serve options and the server name, passing the rest to the server in order', () => {
    expect(splitServeArgs(['git', '--repository', '/r', '--http', '3000', '-r', '/s', '--allow-write'])).toEqual({
      own: ['git', '--http', '3000'],
      server: ['--repository', '/r', '-r', '/s', '--allow-write'],
    });
  });

  it('takes serve options anywhere, inline values too', () => {
    expect(splitServeArgs(['--host=::1', '--http', '0', 'fetch', '--allow-host', 'localhost:8080'])).toEqual({
      own: ['--host=::1', '--http', '0', 'fetch'],
      server: ['--allow-host', 'localhost:8080'],
    });
  });

  it('passes positionals after the name to the server (filesystem directories)', () => {
    expect(splitServeArgs(['filesystem', '/a', '/b', '-h'])).toEqual({ own: ['filesystem', '-h'], server: ['/a', '/b'] });
  });
});
