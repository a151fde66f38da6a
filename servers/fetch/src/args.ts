/**
 * The command line of the fetch server (`mcpkit serve fetch …`): the
 * official options plus the network policy's.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import type { FetchServerOptions } from './options.js';

/** Reads the fetch server's options; throws on anything unknown. */
export function parseFetchArgs(args: readonly string[]): FetchServerOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      'user-agent': { type: 'string' },
      'ignore-robots-txt': { type: 'boolean' },
      'proxy-url': { type: 'string' },
      'allow-host': { type: 'string', multiple: true },
      'allow-private': { type: 'boolean' },
    },
    strict: true,
  });
  return {
    userAgent: values['user-agent'],
    ignoreRobotsTxt: values['ignore-robots-txt'] ?? false,
    proxyUrl: values['proxy-url'],
    allowHosts: values['allow-host'] ?? [],
    allowPrivate: values['allow-private'] ?? false,
  };
}
