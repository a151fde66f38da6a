/**
 * `mcpkit/host/apps`: the host side of MCP Apps, runtime-neutral. Load the
 * app a tool links to, build its sandbox (CSP, permissions), and run the
 * JSON-RPC bridge to its frame over any `postMessage`-like port.
 *
 * @module
 */
export { AppBridge } from './appBridge.js';
export type {
  AppBridgeOptions,
  AppDecisions,
  AppDisplayMode,
  AppHostContext,
  AppLog,
  AppMessage,
  AppModelContext,
  AppPort,
  AppServer,
  AppTrafficDirection,
} from './appPort.js';
export {
  appAllowList,
  appContentSecurityPolicy,
  appResourceMetaOf,
  cleanCsp,
  droppedCspEntries,
  type DroppedCspEntry,
} from './appSandbox.js';
export { loadApp, loadAppResource, MAX_APP_HTML, type LoadedApp } from './loadApp.js';
export {
  APP_MIME_TYPE,
  APPS_EXTENSION,
  appResourceUri,
  appVisibility,
  type AppCsp,
  type AppPermissions,
  type AppResourceMeta,
} from '../../protocol/index.js';
