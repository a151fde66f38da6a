/**
 * `mcpkit/host`: one application, many servers, one model. Everything of the
 * runtime-neutral host (its `Host`), and a `NodeHost` that also starts processes (stdio
 * servers), reads config files (and finds one when none is named), logs each
 * server's stderr, and offers the working directory as a root.
 *
 * @module
 */
export * from '../index.js';
export { NodeHost, type HostFromConfigOptions, type NodeHostOptions } from './nodeHost.js';
export {
  claudeDesktopConfigPath,
  configCandidates,
  configScope,
  findConfigFile,
  loadConfigFile,
  type LoadConfigOptions,
  type ProjectConfigReview,
  type TrustAnswer,
} from './configFile.js';
export { configHash, defaultTrustFile, rememberTrust, trustOf, type TrustedConfig } from './projectTrust.js';
export { defaultLogDir, ServerLogs } from './serverLogs.js';
// A server to reach (also its own light entry, mcpkit/host/transport): the neutral half comes with `export *` above.
export { nodeTransportFor, type NodeTransportOptions } from './nodeTransportFor.js';
export { serverOAuth, userTokenFile, type ServerOAuth, type ServerOAuthOptions } from './serverAuth.js';
