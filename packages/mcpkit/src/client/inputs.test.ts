import { describe, expect, it } from 'vitest';
import type { LocalError } from '../jsonrpc/localError.js';
import { InputResponder } from './inputs.js';
import type { InputContext } from './options.js';

const context: InputContext = {
  signal: new AbortController().signal,
  era: 'stateless',
  revision: '2026-07-28',
  serverInfo: undefined,
};
const answer = { action: 'accept' } as const;

describe('InputResponder', () => {
  it('declares capabilities from the handlers it has', () => {
    expect(new InputResponder().capabilities()).toEqual({});
    expect(new InputResponder({ elicitation: { form: () => answer } }).capabilities()).toEqual({ elicitation: { form: {} } });
    expect(new InputResponder({ elicitation: { url: () => answer } }).capabilities()).toEqual({ elicitation: { url: {} } });
    const sampling = { createMessage: () => ({ role: 'assistant', content: { type: 'text', text: '' }, model: 'm' }) as const };
    expect(new InputResponder({ sampling: { ...sampling, tools: true, context: true } }).capabilities()).toEqual({
      sampling: { tools: {}, context: {} },
    });
    expect(new InputResponder({ roots: { list: () => [] } }).capabilities()).toEqual({ roots: {} });
    expect(new InputResponder({ roots: { list: () => [], listChanged: true } }).capabilities()).toEqual({
      roots: { listChanged: true },
    });
  });

  it('routes by mode, treating a request without mode as form', async () => {
    const seen: string[] = [];
    const responder = new InputResponder({
      elicitation: {
        form: () => (seen.push('form'), answer),
        url: () => (seen.push('url'), answer),
      },
    });
    await responder.answer('elicitation/create', { message: 'm', requestedSchema: { type: 'object', properties: {} } }, context);
    await responder.answer('elicitation/create', { mode: 'url', message: 'm', url: 'https://x.example' }, context);
    expect(seen).toEqual(['form', 'url']);
  });

  it('refuses what it has no handler for, and what is malformed', async () => {
    const responder = new InputResponder({ roots: { list: () => [] } });
    const codes = await Promise.all([
      responder
        .answer('sampling/createMessage', { messages: [], maxTokens: 1 }, context)
        .catch((e: unknown) => (e as LocalError).code),
      responder.answer('tools/call', {}, context).catch((e: unknown) => (e as LocalError).code),
      new InputResponder({ elicitation: { form: () => answer } })
        .answer('elicitation/create', { message: 1 }, context)
        .catch((e: unknown) => (e as LocalError).code),
    ]);
    expect(codes).toEqual(['NOT_SUPPORTED', 'PROTOCOL_VIOLATION', 'PROTOCOL_VIOLATION']);
    expect(await responder.answer('roots/list', undefined, context)).toEqual({ roots: [] });
  });

  it('refuses a URL-mode elicitation whose URL may not be opened, before the handler sees it', async () => {
    const seen: string[] = [];
    const responder = new InputResponder({ elicitation: { url: (p) => (seen.push(p.url), answer) } });
    const refused = await Promise.all(
      ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'http://mcp.example.com/x'].map((url) =>
        responder
          .answer('elicitation/create', { mode: 'url', message: 'm', url }, context)
          .catch((e: unknown) => (e as LocalError).code),
      ),
    );
    expect(refused).toEqual(['PROTOCOL_VIOLATION', 'PROTOCOL_VIOLATION', 'PROTOCOL_VIOLATION', 'PROTOCOL_VIOLATION']);
    await responder.answer('elicitation/create', { mode: 'url', message: 'm', url: 'http://127.0.0.1:8080/dev' }, context);
    expect(seen).toEqual(['http://127.0.0.1:8080/dev']);
  });
});
