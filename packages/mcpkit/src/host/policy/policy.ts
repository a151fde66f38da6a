/**
 * What the host may do without asking: `allow`, `ask` or `deny`, per server
 * and per tool, and for sampling. Rules:
 *
 * - **Deny wins.** A `deny` at any level that matches (the default, the
 *   server, the tool) denies, whatever the others say.
 * - Otherwise the most specific rule decides: tool, then server, then the
 *   default (`ask` unless set).
 * - **Annotations never grant by themselves.** `readOnlyHint` comes from the
 *   server, which is not trusted. It counts only for a server the user marked
 *   as trusted (`trustedServers`: the user's own config, never a project's),
 *   and only when the user opted in (`trustReadOnlyHint`, or
 *   `approve: 'read-only'` for runs nobody watches); it never overrides a
 *   `deny` or an explicit per-tool `ask`.
 * - An `ask` goes to the approver (a person at a terminal, a UI); without one
 *   it is settled by `approve`: `all` allows, `read-only` allows the trusted
 *   servers' tools that say they are read-only; left out, it is denied.
 * - **`approve: 'none'` is final**: every tool call is refused, whatever the
 *   rules say, and nobody is asked.
 *
 * @module
 */
import type { ToolAnnotations } from '../../protocol/index.js';

/** One decision. */
export type Decision = 'allow' | 'ask' | 'deny';

/** Rules for one server. */
export interface ServerRules {
  /** For this server's tools (and sampling, unless `sampling` says otherwise). */
  readonly default?: Decision;
  /** Per tool, by its MCP name. */
  readonly tools?: Readonly<Record<string, Decision>>;
  /** For this server's sampling requests. */
  readonly sampling?: Decision;
}

/** How to settle an `ask` nobody can answer. */
export type ApproveMode = 'all' | 'read-only' | 'none';

/** What the approver is asked. */
export type ApprovalRequest =
  | {
      readonly kind: 'tool';
      readonly server: string;
      readonly tool: string;
      /** The tool's model name. */
      readonly name: string;
      readonly arguments: Readonly<Record<string, unknown>>;
      /** The server's hints (untrusted). */
      readonly annotations: ToolAnnotations | undefined;
    }
  | {
      readonly kind: 'sampling';
      readonly server: string;
      /** The last message's text, for the question. */
      readonly summary: string;
      /** The model that would answer. */
      readonly model: string;
    };

/** Decides an `ask`: true to go ahead. */
export type Approver = (request: ApprovalRequest) => boolean | Promise<boolean>;

/** A host's policy. */
export interface PolicyOptions {
  /** For every tool no rule names (default `ask`). */
  readonly default?: Decision;
  /** Per server: one decision for all its tools, or rules. */
  readonly servers?: Readonly<Record<string, Decision | ServerRules>>;
  /** Per tool, keyed `server/tool` (`server/*` is the server's default). */
  readonly tools?: Readonly<Record<string, Decision>>;
  /** For sampling requests of servers whose rules say nothing (default `ask`). */
  readonly sampling?: Decision;
  /** Let `readOnlyHint: true` of a trusted server turn an `ask` into `allow` (default false). */
  readonly trustReadOnlyHint?: boolean;
  /**
   * The servers whose annotations count (the user's own config marks them
   * `trust: true`); every other server's hints are ignored.
   */
  readonly trustedServers?: readonly string[];
  /**
   * How an `ask` is settled without an approver: `all` allows, `read-only`
   * allows read-only tools of trusted servers; left out, it is denied.
   * `none` refuses every tool call, allow rules and approver included.
   */
  readonly approve?: ApproveMode;
  /** Who answers an `ask` (a person at a terminal, a UI). */
  readonly approver?: Approver;
}

/** The rules that decide a tool call, before asking. */
export function decideTool(
  policy: PolicyOptions,
  server: string,
  tool: string,
  annotations: ToolAnnotations | undefined,
): Decision {
  const serverRule = policy.servers?.[server];
  const rules = typeof serverRule === 'string' ? { default: serverRule } : serverRule;
  const toolLevel = rules?.tools?.[tool] ?? policy.tools?.[`${server}/${tool}`];
  const serverLevel = rules?.default ?? policy.tools?.[`${server}/*`];
  const levels = [policy.default, serverLevel, toolLevel];
  if (levels.includes('deny')) return 'deny';
  const decided = toolLevel ?? serverLevel ?? policy.default ?? 'ask';
  if (decided === 'ask' && toolLevel === undefined && policy.trustReadOnlyHint === true && readOnly(policy, server, annotations))
    return 'allow';
  return decided;
}

/** Whether `server` says the tool is read-only and the user trusts the server to say so. */
function readOnly(policy: PolicyOptions, server: string, annotations: ToolAnnotations | undefined): boolean {
  return annotations?.readOnlyHint === true && (policy.trustedServers?.includes(server) ?? false);
}

/** The rules that decide a sampling request, before asking. */
export function decideSampling(policy: PolicyOptions, server: string): Decision {
  const serverRule = policy.servers?.[server];
  const rules = typeof serverRule === 'string' ? { default: serverRule } : serverRule;
  const levels = [policy.sampling, rules?.sampling];
  if (levels.includes('deny') || rules?.default === 'deny') return 'deny';
  return rules?.sampling ?? policy.sampling ?? 'ask';
}

/** Settles an `ask`: the approver if there is one, else the `approve` mode. */
export async function settleAsk(policy: PolicyOptions, request: ApprovalRequest): Promise<boolean> {
  if (policy.approver !== undefined) return policy.approver(request);
  switch (policy.approve ?? 'none') {
    case 'all':
      return true;
    case 'read-only':
      return request.kind === 'tool' && readOnly(policy, request.server, request.annotations);
    case 'none':
      return false;
  }
}

/** The full decision for a tool call: rules, then the approver or the mode. */
export async function approveToolCall(
  policy: PolicyOptions,
  request: Extract<ApprovalRequest, { kind: 'tool' }>,
): Promise<boolean> {
  if (policy.approve === 'none') return false;
  const decision = decideTool(policy, request.server, request.tool, request.annotations);
  if (decision !== 'ask') return decision === 'allow';
  return settleAsk(policy, request);
}

/** What the user's own config adds to a policy: `alwaysAllow` lists, and the servers marked `trust: true`. */
export interface ConfigGrants {
  readonly allowed: readonly { readonly server: string; readonly tools: readonly string[] }[];
  readonly trusted: readonly string[];
}

/** Adds a config's `server/tool` allow rules under what the policy already says, and its trusted servers. */
export function withConfigGrants(policy: PolicyOptions, grants: ConfigGrants): PolicyOptions {
  const tools: Record<string, Decision> = {};
  for (const { server, tools: names } of grants.allowed) for (const name of names) tools[`${server}/${name}`] = 'allow';
  const withTools = Object.keys(tools).length === 0 ? policy : { ...policy, tools: { ...tools, ...policy.tools } };
  if (grants.trusted.length === 0) return withTools;
  return { ...withTools, trustedServers: [...new Set([...(policy.trustedServers ?? []), ...grants.trusted])] };
}

/** The policy with its approver run one question at a time: two questions at one terminal would garble each other. */
export function serialized(policy: PolicyOptions): PolicyOptions {
  const approver = policy.approver;
  if (approver === undefined) return policy;
  let queue: Promise<unknown> = Promise.resolve();
  const one: Approver = (request) => {
    const next = queue.then(() => approver(request));
    queue = next.catch(() => undefined);
    return next;
  };
  return { ...policy, approver: one };
}
