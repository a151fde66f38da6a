import { describe, expect, it } from 'vitest';
import { approveToolCall, decideSampling, decideTool, type ApprovalRequest } from './policy.js';

const call = (server: string, tool: string, readOnlyHint?: boolean): Extract<ApprovalRequest, { kind: 'tool' }> => ({
  kind: 'tool',
  server,
  tool,
  name: `${server}__${tool}`,
  arguments: {},
  annotations: readOnlyHint === undefined ? undefined : { readOnlyHint },
});

describe('policy', () => {
  it('asks by default, and an ask without an approver is denied', async () => {
    expect(decideTool({}, 's', 't', undefined)).toBe('ask');
    expect(await approveToolCall({}, call('s', 't'))).toBe(false);
  });

  it('lets deny win at any level', () => {
    expect(decideTool({ default: 'allow', servers: { s: { tools: { t: 'deny' } } } }, 's', 't', undefined)).toBe('deny');
    expect(decideTool({ servers: { s: 'deny' }, tools: { 's/t': 'allow' } }, 's', 't', undefined)).toBe('deny');
    expect(decideTool({ default: 'deny', servers: { s: 'allow' } }, 's', 't', undefined)).toBe('deny');
  });

  it('otherwise lets the most specific rule decide', () => {
    expect(decideTool({ default: 'allow', servers: { s: { default: 'ask', tools: { t: 'allow' } } } }, 's', 't', undefined)).toBe(
      'allow',
    );
    expect(decideTool({ default: 'allow', servers: { s: 'ask' } }, 's', 'u', undefined)).toBe('ask');
    expect(decideTool({ tools: { 's/*': 'allow' } }, 's', 'u', undefined)).toBe('allow');
  });

  it('never lets an annotation grant anything by itself', async () => {
    const trusted = { trustReadOnlyHint: true, trustedServers: ['s'] };
    expect(decideTool({}, 's', 't', { readOnlyHint: true })).toBe('ask');
    expect(await approveToolCall({}, call('s', 't', true))).toBe(false);
    expect(decideTool({ ...trusted, tools: { 's/t': 'ask' } }, 's', 't', { readOnlyHint: true })).toBe('ask');
    expect(decideTool({ ...trusted, servers: { s: 'deny' } }, 's', 't', { readOnlyHint: true })).toBe('deny');
    expect(decideTool(trusted, 's', 't', { readOnlyHint: true })).toBe('allow');
  });

  it('counts readOnlyHint only for servers the user trusts', () => {
    expect(decideTool({ trustReadOnlyHint: true }, 's', 't', { readOnlyHint: true })).toBe('ask');
    expect(decideTool({ trustReadOnlyHint: true, trustedServers: ['other'] }, 's', 't', { readOnlyHint: true })).toBe('ask');
    expect(decideTool({ trustedServers: ['s'] }, 's', 't', { readOnlyHint: true })).toBe('ask');
  });

  it('settles asks by --approve when nobody can answer', async () => {
    expect(await approveToolCall({ approve: 'all' }, call('s', 't'))).toBe(true);
    expect(await approveToolCall({ approve: 'all', servers: { s: 'deny' } }, call('s', 't'))).toBe(false);
    expect(await approveToolCall({ approve: 'read-only', trustedServers: ['s'] }, call('s', 't', true))).toBe(true);
    expect(await approveToolCall({ approve: 'read-only' }, call('s', 't', true))).toBe(false);
    expect(await approveToolCall({ approve: 'read-only', trustedServers: ['s'] }, call('s', 't', false))).toBe(false);
    expect(await approveToolCall({ approve: 'none' }, call('s', 't', true))).toBe(false);
  });

  it("makes approve: 'none' final: no allow rule, trusted hint or approver lets a call through", async () => {
    let asked = 0;
    const policy = {
      approve: 'none' as const,
      default: 'allow' as const,
      servers: { s: 'allow' as const },
      tools: { 's/t': 'allow' as const },
      trustReadOnlyHint: true,
      trustedServers: ['s'],
      approver: () => (asked++, true),
    };
    expect(await approveToolCall(policy, call('s', 't', true))).toBe(false);
    expect(asked).toBe(0);
  });

  it('asks the approver with the server, tool and arguments', async () => {
    const asked: ApprovalRequest[] = [];
    const allowed = await approveToolCall(
      { approver: (r) => (asked.push(r), true) },
      { ...call('s', 't'), arguments: { path: '/x' } },
    );
    expect(allowed).toBe(true);
    expect(asked).toEqual([expect.objectContaining({ kind: 'tool', server: 's', tool: 't', arguments: { path: '/x' } })]);
  });

  it('decides sampling per server, deny winning', () => {
    expect(decideSampling({}, 's')).toBe('ask');
    expect(decideSampling({ sampling: 'allow', servers: { s: { sampling: 'deny' } } }, 's')).toBe('deny');
    expect(decideSampling({ sampling: 'deny', servers: { s: { sampling: 'allow' } } }, 's')).toBe('deny');
    expect(decideSampling({ servers: { s: { sampling: 'allow' } } }, 's')).toBe('allow');
  });
});
