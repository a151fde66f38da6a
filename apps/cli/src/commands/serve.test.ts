// How `mcpkit serve` splits its own options from the bundled server's.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../exitCodes.js';
import { parseDuration, splitServeArgs } from './serve.js';

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

describe('parseDuration (--session-ttl)', () => {
  it('reads a number with a unit, seconds without one', () => {
    expect([parseDuration('90', 'x'), parseDuration('90s', 'x'), parseDuration('30m', 'x'), parseDuration('2h', 'x')]).toEqual([
      90_000, 90_000, 1_800_000, 7_200_000,
    ]);
    expect(parseDuration('250ms', 'x')).toBe(250);
  });

  it('refuses anything else as a usage error naming the option', () => {
    for (const bad of ['', '0', '-5', '5x', '1.5h', 'soon']) {
      expect(() => parseDuration(bad, '--session-ttl')).toThrow(UsageError);
      expect(() => parseDuration(bad, '--session-ttl')).toThrow(/--session-ttl needs a duration/);
    }
  });

  it('keeps --redis and --session-ttl with serve, not the server', () => {
    expect(splitServeArgs(['everything', '--http', '0', '--redis', 'redis://h:1', '--session-ttl', '5m'])).toEqual({
      own: ['everything', '--http', '0', '--redis', 'redis://h:1', '--session-ttl', '5m'],
      server: [],
    });
  });
});
