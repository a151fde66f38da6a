import { describe, expect, it } from 'vitest';
import { RECORDING_FORMAT, type Recording } from './recording.js';
import { maskArgs, maskHeaders, maskRecording, maskSpec, maskUrl } from './secrets.js';

describe('maskUrl', () => {
  it('masks token-like query values and passwords, and leaves other URLs exactly as written', () => {
    expect(maskUrl('https://h.example/mcp?access_token=s3cret&page=2')).toBe('https://h.example/mcp?access_token=***&page=2');
    expect(maskUrl('https://h.example/mcp?apiKey=a&sig=b&code=c&key=d')).toBe(
      'https://h.example/mcp?apiKey=***&sig=***&code=***&key=***',
    );
    expect(maskUrl('https://user:pw@h.example/')).toBe('https://user:***@h.example/');
    // A user name alone is the credential; an implicit-grant fragment carries parameters.
    expect(maskUrl('https://ghp_abcdef123456@github.example/mcp')).toBe('https://***@github.example/mcp');
    expect(maskUrl('https://h.example/cb#access_token=s3cret&state=x')).toBe('https://h.example/cb#access_token=***&state=x');
    expect(maskUrl('http://127.0.0.1:3000/mcp')).toBe('http://127.0.0.1:3000/mcp');
    expect(maskUrl('not a url')).toBe('not a url');
  });
});

describe('maskArgs', () => {
  it('masks every --header and --env value, joined or not, keeping names', () => {
    expect(
      maskArgs([
        'mcp-remote',
        'https://h.example/mcp',
        '--header',
        'Authorization: Bearer sk-live-123456',
        '-H',
        'X-Team: blue-team-42',
        '--header=X-Other: other-value-1',
        '--env=API_KEY=k9k9k9k9',
        '-e',
        'PLAIN=value-123',
      ]),
    ).toEqual([
      'mcp-remote',
      'https://h.example/mcp',
      '--header',
      'Authorization: Bearer ***',
      '-H',
      'X-Team: ***',
      '--header=X-Other: ***',
      '--env=API_KEY=***',
      '-e',
      'PLAIN=***',
    ]);
  });

  it('masks the values of secret-looking flags and assignments, and URLs in arguments', () => {
    expect(maskArgs(['server.js', '--api-key', 'k1', '--token=k2', '-e', 'OPENAI_API_KEY=k3', '--port', '3000'])).toEqual([
      'server.js',
      '--api-key',
      '***',
      '--token=***',
      '-e',
      'OPENAI_API_KEY=***',
      '--port',
      '3000',
    ]);
    expect(maskArgs(['--url', 'https://h.example/?token=k4'])).toEqual(['--url', 'https://h.example/?token=***']);
    // A secret flag followed by another flag has no value to mask.
    expect(maskArgs(['--auth', '--verbose'])).toEqual(['--auth', '--verbose']);
  });
});

describe('maskHeaders', () => {
  it('masks credential headers, keeping the scheme, and any header named as the user’s', () => {
    expect(
      maskHeaders({ Authorization: 'Bearer abc', 'X-Api-Key': 'k', 'X-Team': 't', Accept: 'a' }, new Set(['x-team'])),
    ).toEqual({ Authorization: 'Bearer ***', 'X-Api-Key': '***', 'X-Team': '***', Accept: 'a' });
  });
});

describe('maskRecording', () => {
  const http: Recording = {
    format: RECORDING_FORMAT,
    version: 1,
    recordedAt: 'now',
    target: {
      type: 'http',
      name: 'h.example',
      url: 'https://h.example/mcp?token=T1',
      headers: { 'X-Custom-Thing': 'T2', Authorization: 'Bearer T3' },
      era: 'auto',
    },
    server: {},
    steps: [{ method: 'tools/list', params: {}, outcome: { result: { tools: [] } }, answers: [] }],
    wire: [
      {
        kind: 'http',
        seq: 1,
        t: 0,
        method: 'POST',
        url: 'https://h.example/mcp?token=T1',
        status: 200,
        requestHeaders: { 'x-custom-thing': 'T2', authorization: 'Bearer ***', accept: 'application/json' },
        responseHeaders: { 'set-cookie': 'sid=SESSIONCOOKIE1', 'content-type': 'application/json' },
      },
      { kind: 'message', seq: 2, t: 0, dir: 'out', message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
    ],
  };

  it('leaves none of the user’s header values, URL tokens or credentials anywhere in the file', () => {
    const text = JSON.stringify(maskRecording(http));
    for (const secret of ['T1', 'T2', 'T3', 'SESSIONCOOKIE1']) expect(text).not.toContain(secret);
    const masked = maskRecording(http);
    expect(masked.secrets).toBe('masked');
    expect(masked.target).toMatchObject({ headers: { 'X-Custom-Thing': '***', Authorization: '***' } });
    expect(masked.wire[0]).toMatchObject({
      requestHeaders: { accept: 'application/json', 'x-custom-thing': '***' },
      responseHeaders: { 'set-cookie': '***', 'content-type': 'application/json' },
    });
    // The calls are kept: they are what a replay compares.
    expect(masked.steps).toEqual(http.steps);
    expect(maskRecording(masked)).toEqual(masked);
  });

  it('masks every environment value of a stdio target, keeping the names', () => {
    const stdio = maskSpec({
      type: 'stdio',
      name: 'node',
      command: 'node',
      args: ['s.js', '--password', 'T4'],
      env: { GITHUB_TOKEN: 'T5', HARMLESS_LOOKING: 'T6' },
      era: 'auto',
    });
    expect(stdio).toMatchObject({ args: ['s.js', '--password', '***'], env: { GITHUB_TOKEN: '***', HARMLESS_LOOKING: '***' } });
  });

  it('masks the user’s secret values wherever else they appear: stderr, results, URLs in arguments', () => {
    const leaky: Recording = {
      ...http,
      target: {
        type: 'stdio',
        name: 'node',
        command: 'node',
        args: ['s.js', '--api-key', 'argument-secret', '--url', 'https://h.example/?token=url-secret-1'],
        env: { SERVICE_TOKEN: 'environment-secret' },
        era: 'auto',
      },
      steps: [
        {
          method: 'tools/call',
          params: { name: 'whoami' },
          outcome: { result: { content: [{ type: 'text', text: 'key environment-secret, url-secret-1' }] } },
          answers: [],
        },
      ],
      wire: [{ kind: 'stderr', seq: 1, t: 0, text: 'started with argument-secret' }],
    };
    const text = JSON.stringify(maskRecording(leaky));
    for (const secret of ['argument-secret', 'environment-secret', 'url-secret-1']) expect(text).not.toContain(secret);
    expect(text).toContain('started with ***');
  });

  it('leaves short values alone outside their own fields (they would mask ordinary text)', () => {
    const short = maskRecording({
      ...http,
      target: { type: 'stdio', name: 'node', command: 'node', args: [], env: { DEBUG: '1' }, era: 'auto' },
      wire: [{ kind: 'stderr', seq: 1, t: 0, text: 'listening on 1 port' }],
    });
    expect(short.target).toMatchObject({ env: { DEBUG: '***' } });
    expect(short.wire[0]).toMatchObject({ text: 'listening on 1 port' });
  });
});
