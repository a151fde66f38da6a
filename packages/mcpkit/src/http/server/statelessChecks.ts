/**
 * The checks of a 2026-07-28 request that belong to HTTP: the request `_meta`
 * must be present and well formed (400, -32602), and the headers that mirror
 * the body (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`)
 * must be present and agree with it (400, -32020). Whether the revision is
 * supported is the server's call (-32022, mapped to 400 by the status table).
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#server-validation`
 * @module
 */
import { isObject } from '../../protocol/check.js';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_LOG_LEVEL, META_PROTOCOL_VERSION } from '../../protocol/meta.js';
import { isLogLevel } from '../../server/scope.js';
import { Header, stripOws } from '../wire/headers.js';
import { decodeHeaderValue } from '../wire/headerValue.js';
import { statelessRevision } from '../wire/meta.js';
import { mirroredName, toolCallOf } from '../wire/mirror.js';
import type { HttpRequestInfo } from './exchange.js';
import { HttpError } from './httpError.js';
import { checkParamHeaders } from './paramHeaders.js';

/** Finds a tool's input schema (for `x-mcp-header`). */
export type InputSchemaLookup = (tool: string) => unknown;

/** -32602 unless the request `_meta` carries a well-formed revision, capabilities and (optional) client info and log level. */
export function checkEnvelope(params: unknown): HttpError | undefined {
  const meta = isObject(params) ? params['_meta'] : undefined;
  if (!isObject(meta))
    return HttpError.invalidMeta(
      `Invalid params: missing _meta (2026-07-28 requests carry "${META_PROTOCOL_VERSION}" and "${META_CLIENT_CAPABILITIES}")`,
    );
  if (typeof meta[META_PROTOCOL_VERSION] !== 'string')
    return HttpError.invalidMeta(`Invalid params: _meta["${META_PROTOCOL_VERSION}"] must be a string`);
  if (!isObject(meta[META_CLIENT_CAPABILITIES]))
    return HttpError.invalidMeta(`Invalid params: _meta["${META_CLIENT_CAPABILITIES}"] must be an object`);
  const info = meta[META_CLIENT_INFO];
  if (info !== undefined && !(isObject(info) && typeof info['name'] === 'string' && typeof info['version'] === 'string')) {
    return HttpError.invalidMeta(
      `Invalid params: _meta["${META_CLIENT_INFO}"] must be an Implementation with a name and a version`,
    );
  }
  const level = meta[META_LOG_LEVEL];
  if (level !== undefined && !isLogLevel(level))
    return HttpError.invalidMeta(`Invalid params: _meta["${META_LOG_LEVEL}"] is not a logging level`);
  return undefined;
}

/** -32020 unless `Mcp-Name` is present and equal to the body's name, URI or task id, where the method has one. */
function checkName(method: string, params: unknown, req: HttpRequestInfo): HttpError | undefined {
  const value = mirroredName(method, params);
  if (value === undefined) return undefined;
  const raw = req.header(Header.Name);
  if (raw === undefined) return HttpError.headerMismatch(`the Mcp-Name header is required for ${method}`);
  const decoded = decodeHeaderValue(raw);
  if (decoded === undefined) return HttpError.headerMismatch('the Mcp-Name header is not a valid value');
  if (decoded !== value)
    return HttpError.headerMismatch(`Mcp-Name header value '${decoded}' does not match body value '${value}'`);
  return undefined;
}

/** Every HTTP-level check of a 2026-07-28 request, in the order the errors are reported. */
export function checkStatelessRequest(
  message: Readonly<Record<string, unknown>>,
  req: HttpRequestInfo,
  inputSchema: InputSchemaLookup,
): HttpError | undefined {
  const method = message['method'] as string;
  const params = message['params'];
  const envelope = checkEnvelope(params);
  if (envelope !== undefined) return envelope;
  const claimed = statelessRevision(message) as string; // checkEnvelope proved it a string
  const rawVersion = req.header(Header.ProtocolVersion);
  if (rawVersion === undefined) return HttpError.headerMismatch('the MCP-Protocol-Version header is required');
  const version = stripOws(rawVersion);
  if (version !== claimed)
    return HttpError.headerMismatch(`MCP-Protocol-Version header value '${version}' does not match _meta value '${claimed}'`);
  const rawMethod = req.header(Header.Method);
  if (rawMethod === undefined) return HttpError.headerMismatch('the Mcp-Method header is required');
  if (stripOws(rawMethod) !== method)
    return HttpError.headerMismatch(`Mcp-Method header value '${stripOws(rawMethod)}' does not match body value '${method}'`);
  const name = checkName(method, params, req);
  if (name !== undefined) return name;
  const call = toolCallOf(method, params);
  return call === undefined ? undefined : checkParamHeaders(inputSchema(call.name), call.args, req);
}

/** The check of a 2026-07-28 notification: only a present `Mcp-Method` must agree. */
export function checkStatelessNotification(
  message: Readonly<Record<string, unknown>>,
  req: HttpRequestInfo,
): HttpError | undefined {
  const rawMethod = req.header(Header.Method);
  if (rawMethod === undefined || stripOws(rawMethod) === message['method']) return undefined;
  return HttpError.headerMismatch(
    `Mcp-Method header value '${stripOws(rawMethod)}' does not match body value '${String(message['method'])}'`,
  );
}
