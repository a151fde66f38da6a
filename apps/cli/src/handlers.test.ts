import { describe, expect, it } from 'vitest';
import type { InputContext } from 'mcpkit/client';
import { cliHandlers, SamplingDeclined } from './handlers.js';
import type { Io } from './io.js';

const CONTEXT: InputContext = {
  signal: new AbortController().signal,
  era: 'handshake',
  revision: '2025-11-25',
  serverInfo: undefined,
};
const FORM = {
  message: 'Name?',
  requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } },
};
const URL_REQUEST = { mode: 'url' as const, message: 'Sign in', url: 'https://example.com/login', elicitationId: 'e1' };

function io(answers?: (string | undefined)[]): Io & { err: () => string } {
  let err = '';
  return {
    stdout: () => undefined,
    stderr: (text) => {
      err += text;
    },
    ...(answers !== undefined && { ask: () => Promise.resolve(answers.shift()) }),
    err: () => err,
  };
}

describe('cliHandlers', () => {
  it('declines forms and URLs without a terminal, saying why', async () => {
    const t = io();
    const handlers = cliHandlers(t, []);
    expect(await handlers.elicitation?.form?.(FORM, CONTEXT)).toEqual({ action: 'decline' });
    expect(await handlers.elicitation?.url?.(URL_REQUEST, CONTEXT)).toEqual({ action: 'decline' });
    expect(t.err()).toContain('declined: stdin is not a terminal');
    expect(t.err()).toContain('https://example.com/login');
  });

  it('asks at the terminal: a form, and consent for a URL', async () => {
    const t = io(['Ada', 'y', 'yes', 'n']);
    const handlers = cliHandlers(t, []);
    expect(await handlers.elicitation?.form?.(FORM, CONTEXT)).toEqual({ action: 'accept', content: { name: 'Ada' } });
    expect(await handlers.elicitation?.url?.(URL_REQUEST, CONTEXT)).toEqual({ action: 'accept' });
    expect(await handlers.elicitation?.url?.(URL_REQUEST, CONTEXT)).toEqual({ action: 'decline' });
    expect(t.err()).toContain('The server asks you to open a page: Sign in\n  https://example.com/login');
  });

  it('declines sampling with an error that says why', () => {
    const t = io();
    const sample = cliHandlers(t, []).sampling;
    expect(() => sample?.createMessage({ messages: [], maxTokens: 10 }, CONTEXT)).toThrow(SamplingDeclined);
    expect(t.err()).toContain('declined: the command line has no model');
  });

  it('offers roots only when given, as file:// URIs', async () => {
    expect(cliHandlers(io(), []).roots).toBeUndefined();
    const roots = await cliHandlers(io(), ['/tmp/project']).roots?.list(CONTEXT);
    expect(roots).toEqual([{ uri: 'file:///tmp/project', name: 'project' }]);
  });
});
