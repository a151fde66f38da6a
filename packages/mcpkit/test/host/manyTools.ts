/**
 * A large tool catalog for the context tests and the bench: `servers`
 * servers of `perServer` tools each, named and described the way real
 * servers are (verbs and nouns of their domain, camelCase, snake_case and
 * dotted names), with one deep tool — the last tool of one server — that a
 * task needs and that lookalikes on other servers resemble. Also: in-memory
 * MCP servers offering the catalog through a host `Connector`, and a
 * scripted model (either fake dialect) that searches, then calls what it
 * found on the right server.
 *
 * @module
 */
import type { Connector } from '../../src/host/servers/connector.js';
import { createInMemoryPair } from '../../src/jsonrpc/index.js';
import { McpServer } from '../../src/server/index.js';
import type { FakeAnswer, FakeRequest, FakeScript } from './fakes/fakeApi.js';

type Json = Record<string, unknown>;

/** One tool of the catalog. */
export interface CatalogTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Json;
}

const DOMAINS: readonly [string, readonly string[]][] = [
  ['github', ['issue', 'pull request', 'branch', 'commit', 'release', 'workflow', 'label', 'milestone', 'review', 'gist']],
  ['slack', ['channel', 'message', 'thread', 'reaction', 'user group', 'reminder', 'bookmark', 'emoji', 'file', 'status']],
  ['jira', ['ticket', 'sprint', 'epic', 'board', 'comment', 'worklog', 'version', 'component', 'filter', 'watcher']],
  ['files', ['file', 'directory', 'symlink', 'archive', 'permission', 'owner', 'checksum', 'snapshot', 'mount', 'quota']],
  ['calendar', ['event', 'attendee', 'room', 'reminder', 'calendar', 'availability', 'timezone', 'invitation', 'series', 'note']],
  ['db', ['table', 'index', 'row', 'view', 'trigger', 'schema', 'backup', 'replica', 'credential', 'query plan']],
  [
    'cloud',
    ['instance', 'bucket', 'volume', 'load balancer', 'dns record', 'firewall rule', 'queue', 'function', 'secret', 'kms key'],
  ],
  [
    'mail',
    ['draft', 'mailbox', 'contact', 'alias', 'signature', 'forwarding rule', 'attachment', 'spam filter', 'label', 'template'],
  ],
];
const VERBS = ['list', 'get', 'create', 'update', 'delete', 'search'] as const;

function words(noun: string): string[] {
  return noun.split(' ');
}

function toolName(style: number, verb: string, noun: string): string {
  const parts = [verb, ...words(noun)];
  if (style === 0) return parts.join('_');
  if (style === 1) return parts.map((p, i) => (i === 0 ? p : `${p[0]?.toUpperCase() ?? ''}${p.slice(1)}`)).join('');
  return `${words(noun).join('_')}.${verb}`;
}

function schema(noun: string): Json {
  const id = `${words(noun).join('_')}_id`;
  return {
    type: 'object',
    properties: {
      [id]: { type: 'string', description: `The id of the ${noun}.` },
      fields: { type: 'array', items: { type: 'string' }, description: `Which fields of the ${noun} to return.` },
      limit: { type: 'integer', minimum: 1, maximum: 500, description: 'The most results to return.' },
      dry_run: { type: 'boolean', description: 'Check the request without changing anything.' },
    },
    required: [id],
  };
}

/** The deep tool every catalog ends its `target` server with. */
export const DEEP_TOOL = {
  name: 'rotate_kms_key_version',
  description:
    'Rotate a KMS encryption key to a new key version; data encrypted with older versions stays readable. Use to rotate keys on schedule or after a leak.',
  query: 'rotate the encryption key to a new version',
} as const;

/** The lookalike other servers end with (same words, another meaning). */
const LOOKALIKE = {
  name: 'rotate_credentials',
  description: 'Rotate stored credentials or passwords to new values for this service.',
};

/** `servers` servers of `perServer` tools; the deep tool is the last of `target` (default the 7th server, `cloud`). */
export function catalog(servers = 8, perServer = 60, target = 6): Map<string, CatalogTool[]> {
  const out = new Map<string, CatalogTool[]>();
  for (let s = 0; s < servers; s++) {
    const [domain, nouns] = DOMAINS[s % DOMAINS.length] ?? ['x', ['thing']];
    const server = s < DOMAINS.length ? domain : `${domain}${String(Math.floor(s / DOMAINS.length) + 1)}`;
    const tools: CatalogTool[] = [];
    for (let i = 0; tools.length < perServer - 1; i++) {
      const noun = nouns[i % nouns.length] ?? 'thing';
      const verb = VERBS[Math.floor(i / nouns.length) % VERBS.length] ?? 'get';
      const round = Math.floor(i / (nouns.length * VERBS.length));
      const name = `${toolName(s % 3, verb, noun)}${round === 0 ? '' : `_v${String(round + 1)}`}`;
      tools.push({
        name,
        description: `${verb[0]?.toUpperCase() ?? ''}${verb.slice(1)} ${verb === 'list' || verb === 'search' ? `${noun}s` : `a ${noun}`} in ${domain}. Returns the ${noun} as JSON with its id, name, owner and timestamps; fails if the ${noun} does not exist or you lack access.`,
        inputSchema: schema(noun),
      });
    }
    tools.push(
      s === target
        ? { name: DEEP_TOOL.name, description: DEEP_TOOL.description, inputSchema: schema('kms key') }
        : { name: LOOKALIKE.name, description: LOOKALIKE.description, inputSchema: schema('credential') },
    );
    out.set(server, tools);
  }
  return out;
}

/** The name of the server holding the deep tool. */
export function targetServer(tools: Map<string, CatalogTool[]>): string {
  for (const [server, list] of tools) if (list.some((t) => t.name === DEEP_TOOL.name)) return server;
  throw new Error('no deep tool');
}

/** Connects each server config to an in-memory MCP server offering its catalog tools (each answers `server/tool ok`). */
export function catalogConnector(tools: Map<string, CatalogTool[]>): Connector {
  return (config) => {
    const server = new McpServer({ name: config.name, version: '1.0.0' });
    for (const t of tools.get(config.name) ?? [])
      server.tool({ name: t.name, description: t.description, input: t.inputSchema }, () => `${config.name}/${t.name} ok`);
    const [clientSide, serverSide] = createInMemoryPair();
    void server.connect(serverSide);
    return clientSide;
  };
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? (content as Json[]).map((b) => (b['type'] === 'text' ? String(b['text']) : '')).join('') : '';
}

/** The tool names a request offers (either dialect). */
export function offeredNames(request: FakeRequest): string[] {
  return ((request.body['tools'] ?? []) as Json[]).map((t) => String((t['function'] as Json | undefined)?.['name'] ?? t['name']));
}

/** The text of the last tool result of the request, and the name of the tool it answers (either dialect). */
function lastResult(request: FakeRequest): { tool: string; text: string } | undefined {
  const messages = (request.body['messages'] ?? []) as Json[];
  const last = messages.at(-1);
  const calls = new Map<string, string>();
  for (const m of messages) {
    for (const c of (m['tool_calls'] ?? []) as Json[]) calls.set(String(c['id']), String((c['function'] as Json)['name']));
    if (Array.isArray(m['content']))
      for (const b of m['content'] as Json[]) if (b['type'] === 'tool_use') calls.set(String(b['id']), String(b['name']));
  }
  if (last?.['role'] === 'tool') return { tool: calls.get(String(last['tool_call_id'])) ?? '', text: textOf(last['content']) };
  const result = Array.isArray(last?.['content'])
    ? (last['content'] as Json[]).find((b) => b['type'] === 'tool_result')
    : undefined;
  return result === undefined
    ? undefined
    : { tool: calls.get(String(result['tool_use_id'])) ?? '', text: textOf(result['content']) };
}

/**
 * A model that needs the deep tool on `server`: with every definition in
 * front of it, it calls it; with the host's `search_tools`, it searches, then
 * calls the hit on `server` (only once its definition is offered); with the
 * provider's search, it searches there and calls what it found on `server`.
 * Once the deep tool answered, it says `Done: <result>`; when it cannot go
 * on, `Stuck: <why>` (a test reading that fails).
 */
export function searchingModel(server: string, query: string = DEEP_TOOL.query): FakeScript {
  const wanted = `${server}__${DEEP_TOOL.name}`;
  return (request): FakeAnswer => {
    const offered = offeredNames(request);
    const result = lastResult(request);
    if (result?.tool === wanted) return { kind: 'answer', text: `Done: ${result.text}` };
    if (result?.tool === 'search_tools') {
      const hit = [...result.text.matchAll(/^- (\S+) \(server (\S+)\)/gm)].find((m) => m[2] === server)?.[1];
      if (hit === undefined) return { kind: 'answer', text: `Stuck: the search found nothing on ${server}` };
      if (!offered.includes(hit)) return { kind: 'answer', text: `Stuck: ${hit} was found but is not offered` };
      return { kind: 'answer', toolCalls: [{ name: hit, input: { kms_key_id: 'k1' } }] };
    }
    if (result !== undefined) return { kind: 'answer', text: `Stuck: unexpected result of ${result.tool}` };
    if (offered.some((n) => n.startsWith('tool_search_tool_')))
      return {
        kind: 'answer',
        text: 'Searching.',
        toolSearch: { query },
        afterSearch: (found) =>
          found
            .filter((n) => n.startsWith(`${server}__`))
            .slice(0, 1)
            .map((name) => ({ name, input: { kms_key_id: 'k1' } })),
      };
    if (offered.includes('search_tools')) return { kind: 'answer', toolCalls: [{ name: 'search_tools', input: { query } }] };
    if (offered.includes(wanted)) return { kind: 'answer', toolCalls: [{ name: wanted, input: { kms_key_id: 'k1' } }] };
    return { kind: 'answer', text: 'Stuck: neither the tool nor a search is offered' };
  };
}
