/**
 * `mcpkit bridge --http 0 -- mcpkit serve everything` as a spawned process:
 * its URL, and how to stop it.
 *
 * @module
 */
import { CLI_ENTRY } from './harness.js';
import { assertCliBuilt, cliPeer, type Exit, type LinePeer } from './process.js';

/** A running HTTP bridge. */
export interface HttpBridgeProcess {
  readonly url: URL;
  readonly peer: LinePeer;
  stop(): Promise<Exit>;
}

/** Starts the bridge in front of the stdio everything server and waits until it listens. */
export async function startHttpBridge(): Promise<HttpBridgeProcess> {
  assertCliBuilt();
  const peer = cliPeer(['bridge', '--http', '0', '--', process.execPath, CLI_ENTRY, 'serve', 'everything']);
  try {
    await peer.stderrContains('(Ctrl-C to stop)', 15_000);
  } catch (error) {
    peer.kill();
    throw error;
  }
  const url = / on (http:\/\/\S+)/.exec(peer.stderr)?.[1];
  if (url === undefined) {
    peer.kill();
    throw new Error(`no URL in: ${peer.stderr}`);
  }
  return {
    url: new URL(url),
    peer,
    stop: async () => {
      peer.child.kill('SIGTERM');
      return peer.exited;
    },
  };
}
