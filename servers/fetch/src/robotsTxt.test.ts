// robots.txt matching with Protego's semantics (what the official server uses).
import { describe, expect, it } from 'vitest';
import { USER_AGENT_AUTONOMOUS } from './fetcher.js';
import { RobotsTxt } from './robotsTxt.js';
import { robotsTxtUrl } from './robots.js';

const can = (robots: string, path: string, ua = USER_AGENT_AUTONOMOUS): boolean =>
  new RobotsTxt(robots).canFetch(new URL(`https://example.com${path}`), ua);

describe('RobotsTxt', () => {
  it('allows everything without rules, or with an empty Disallow', () => {
    expect(can('', '/a')).toBe(true);
    expect(can('User-agent: *\nDisallow:\n', '/a')).toBe(true);
  });

  it('picks the group whose name occurs in the user agent, else *', () => {
    const robots = 'User-agent: *\nDisallow: /\n\nUser-agent: ModelContextProtocol\nAllow: /\n';
    expect(can(robots, '/x')).toBe(true);
    expect(can(robots, '/x', 'OtherBot/1.0')).toBe(false);
    expect(can('User-agent: autonomous\nDisallow: /\n', '/x')).toBe(false);
  });

  it('prefers the longest matching name', () => {
    const robots = 'User-agent: model\nAllow: /\n\nUser-agent: modelcontextprotocol\nDisallow: /\n';
    expect(can(robots, '/x')).toBe(false);
  });

  it('lets the longest rule decide, Allow on a tie', () => {
    const robots = 'User-agent: *\nDisallow: /docs\nAllow: /docs/public\nDisallow: /same\nAllow: /same\n';
    expect(can(robots, '/docs/private')).toBe(false);
    expect(can(robots, '/docs/public/a')).toBe(true);
    expect(can(robots, '/same')).toBe(true);
  });

  it('supports * and $ wildcards, and matches the query too', () => {
    const robots = 'User-agent: *\nDisallow: /*.pdf$\nDisallow: /search?q=\nDisallow: /a*b\n';
    expect(can(robots, '/files/x.pdf')).toBe(false);
    expect(can(robots, '/files/x.pdf?download=1')).toBe(true);
    expect(can(robots, '/search?q=tides')).toBe(false);
    expect(can(robots, '/axxb')).toBe(false);
    expect(can(robots, '/ab-not')).toBe(false);
    expect(can(robots, '/ba')).toBe(true);
  });

  it('groups consecutive user agents and ignores comments, case and stray rules', () => {
    const robots = 'Disallow: /orphan\n# c\nUSER-AGENT: a\nuser-agent: ModelContextProtocol # us\nDISALLOW: /x # no\n';
    expect(can(robots, '/x')).toBe(false);
    expect(can(robots, '/orphan')).toBe(true);
  });

  it('compares percent-encoded and plain paths alike', () => {
    expect(can('User-agent: *\nDisallow: /caf%C3%A9\n', '/café')).toBe(false);
    expect(can('User-agent: *\nDisallow: /%7Euser\n', '/~user')).toBe(false);
  });
});

describe('robotsTxtUrl', () => {
  it('is the origin (port and user info kept) plus /robots.txt, as the official builds it', () => {
    expect(robotsTxtUrl(new URL('https://example.com/a/b?c=1#f'))).toBe('https://example.com/robots.txt');
    expect(robotsTxtUrl(new URL('http://example.com:8080/x'))).toBe('http://example.com:8080/robots.txt');
    expect(robotsTxtUrl(new URL('http://u:p@example.com/x'))).toBe('http://u:p@example.com/robots.txt');
  });
});
