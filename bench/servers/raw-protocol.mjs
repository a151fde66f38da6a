/**
 * The hand-written baseline's protocol logic, shared by its stdio and HTTP
 * faces: just enough MCP for every client (initialize, initialized, ping,
 * tools/list, tools/call echo; 2026-07-28 server/discover and per-request
 * `_meta` for the stateless era). No validation beyond what the echo needs.
 */
export const ECHO_TOOL = {
  name: 'echo',
  description: 'Echoes the message back',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
};
const INFO = { name: 'raw-echo', version: '1.0.0' };
const KNOWN = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
const META_VERSION = 'io.modelcontextprotocol/protocolVersion';

/** Answers one parsed message; returns the reply object or undefined (notifications). */
export function answer(msg) {
  if (msg.id === undefined) return undefined;
  const params = msg.params ?? {};
  const stateless = params._meta?.[META_VERSION] !== undefined;
  switch (msg.method) {
    case 'tools/call': {
      const text = params.arguments?.message;
      if (params.name !== 'echo' || typeof text !== 'string') {
        return { jsonrpc: '2.0', id: msg.id, error: { code: -32602, message: 'Unknown tool or bad arguments' } };
      }
      const result = { content: [{ type: 'text', text }] };
      if (stateless) result.resultType = 'complete';
      return { jsonrpc: '2.0', id: msg.id, result };
    }
    case 'initialize': {
      const asked = params.protocolVersion;
      const protocolVersion = KNOWN.includes(asked) ? asked : '2025-11-25';
      return { jsonrpc: '2.0', id: msg.id, result: { protocolVersion, capabilities: { tools: {} }, serverInfo: INFO } };
    }
    case 'server/discover':
      return {
        jsonrpc: '2.0',
        id: msg.id,
        result: {
          supportedVersions: ['2026-07-28'],
          capabilities: { tools: {} },
          resultType: 'complete',
          _meta: { 'io.modelcontextprotocol/serverInfo': INFO },
        },
      };
    case 'tools/list': {
      const result = { tools: [ECHO_TOOL] };
      if (stateless) Object.assign(result, { resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
      return { jsonrpc: '2.0', id: msg.id, result };
    }
    case 'ping':
      return { jsonrpc: '2.0', id: msg.id, result: {} };
    default:
      return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `Method not found: ${msg.method}` } };
  }
}
