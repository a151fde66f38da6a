/**
 * The host on Node: the runtime-neutral {@link Host} with processes
 * (stdio servers spawned, their stderr logged per server), HTTP over
 * `node:http`, the environment for model keys, the working directory (plus
 * any others) as roots, config files read or found, and HTTP servers
 * authorized with OAuth when they ask (tokens shared with `mcpkit login`).
 *
 * @module
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NodeHttpClient } from '../../node/index.js';
import { Host } from '../host.js';
import type { ServerStatus } from '../catalog.js';
import type { HostOptions } from '../hostOptions.js';
import { loadConfigFile, type LoadConfigOptions } from './configFile.js';
import type { ServerAuth } from '../servers/transportFor.js';
import { hostConnector } from './hostConnector.js';
import { serverOAuth, type ServerOAuthOptions } from './serverAuth.js';
import { defaultLogDir, ServerLogs } from './serverLogs.js';

/** A Node host's options: the neutral ones, with Node defaults, and a few of its own. */
export interface NodeHostOptions extends HostOptions {
  /** Where each server's stderr is logged (default: the platform's log folder; `false`: nowhere). */
  readonly logDir?: string | false;
  /** Directories offered as roots besides the working directory (which always is one). */
  readonly rootDirs?: readonly string[];
  /** Give server processes this whole environment instead of the safe default set. */
  readonly inheritEnv?: boolean;
  /**
   * How HTTP servers are authorized: the host's own OAuth client per server
   * (the default, shaped by these options), your own authorizer per server (a
   * function), or `false` for none (only the config's headers).
   */
  readonly auth?: ServerOAuthOptions | ServerAuth | false;
}

/** A Node host's options when its servers come from a config file. */
export type HostFromConfigOptions = Omit<NodeHostOptions, 'servers'> & LoadConfigOptions;

function rootsOf(dirs: readonly string[]): string[] {
  return [process.cwd(), ...dirs].map((dir) => pathToFileURL(resolve(dir)).href);
}

function serverAuth(auth: NodeHostOptions['auth']): ServerAuth | undefined {
  if (auth === false) return undefined;
  return typeof auth === 'function' ? auth : serverOAuth(auth);
}

/** A host on Node. */
export class NodeHost extends Host {
  readonly #logs: ServerLogs | undefined;

  constructor(options: NodeHostOptions) {
    const logDir = options.logDir ?? defaultLogDir();
    const logs = logDir === false ? undefined : new ServerLogs(logDir);
    super({
      env: process.env,
      roots: rootsOf(options.rootDirs ?? []),
      connector: hostConnector({ logs, inheritEnv: options.inheritEnv, auth: serverAuth(options.auth) }),
      ...options,
      // Model APIs over node:http too: fetch costs several times the CPU per request (measured in bench/host.mjs).
      endpoint: { httpClient: new NodeHttpClient(), ...options.endpoint },
    });
    this.#logs = logs;
  }

  /** Where server `name`'s stderr is logged (undefined when logging is off). */
  logFile(name: string): string | undefined {
    return this.#logs?.path(name);
  }

  /** Every server and its state, with the log file of each process server. */
  override servers(): ServerStatus[] {
    return super.servers().map((status) => {
      const file = status.type === 'stdio' ? this.logFile(status.name) : undefined;
      return file === undefined ? status : { ...status, logFile: file };
    });
  }

  /** A host for the servers of a config file (named, or found: `.mcp.json`, `.vscode/mcp.json`, Claude Desktop's). Not started yet. */
  static async fromConfig(options: HostFromConfigOptions = {}): Promise<NodeHost> {
    const config = await loadConfigFile(options);
    return new NodeHost({ ...options, servers: config });
  }

  override async close(): Promise<void> {
    await super.close();
    await this.#logs?.close();
  }
}
