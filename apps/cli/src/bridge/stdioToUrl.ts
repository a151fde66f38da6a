/**
 * `mcpkit bridge URL`: serves, on this process's stdin and stdout, the MCP
 * server at a URL, for hosts that only start stdio servers. Every message is
 * relayed as it is (see `relay.ts`); the upstream transport is the one the
 * client commands use, so the bridge reaches the URL the same way they do.
 *
 * @module
 */
import { StdioServerTransport } from 'mcpkit/stdio';
import type { HttpServerConfig } from 'mcpkit/host/config';
import { cliServerOAuth, DEFAULT_AUTH_SETTINGS, withOAuth, type AuthSettings } from '../authSettings.js';
import { cliTransport } from '../connect.js';
import { ExitCode } from '../exitCodes.js';
import type { Io } from '../io.js';
import { AnswerApart } from './answerApart.js';
import { HandshakeOverStateless } from './handshakeOverStateless.js';
import { Relay } from './relay.js';
import { RestartingUpstream } from './restartingUpstream.js';

/** How long closing the upstream (ending its HTTP session) may take once the host is gone. */
const CLOSE_GRACE_MS = 2000;

/** Options of {@link bridgeStdioToUrl}. */
export interface StdioToUrlOptions {
  /** The server at the URL. */
  readonly server: HttpServerConfig;
  /** How messages name it (the URL). */
  readonly label: string;
  readonly quiet: boolean;
  /** How to authorize at the URL when it asks (the client commands' options). */
  readonly auth?: AuthSettings;
}

/** Runs the bridge until the host closes stdin; resolves with the exit code. */
export async function bridgeStdioToUrl(options: StdioToUrlOptions, io: Io): Promise<ExitCode> {
  const { label, quiet } = options;
  const log = (message: string): void => {
    if (!quiet) io.stderr(`mcpkit bridge: ${message}\n`);
  };
  // A handshake-era host in front of a stateless-only server is translated for; anything else passes through.
  // An HTTP+SSE connection that ends is opened again, with the host's handshake replayed.
  // One OAuth client for the bridge's life: a restarted upstream keeps its tokens.
  // Stdin is the protocol here: no question (a pasted redirect URL) may read it.
  const authIo: Io = {
    stdout: (text) => {
      io.stdout(text);
    },
    stderr: (text) => {
      io.stderr(text);
    },
  };
  const settings = options.auth ?? DEFAULT_AUTH_SETTINGS;
  const server = await withOAuth(options.server, settings);
  const auth = cliServerOAuth(settings, authIo, quiet);
  const connection = new RestartingUpstream({
    spawn: () => cliTransport(server, io, quiet, auth),
    label,
    log,
  });
  const upstream = new HandshakeOverStateless(connection, log);
  // The host's stdin closing ends the bridge, after the upstream session is ended (not at once, as a plain server would).
  const host = new AnswerApart(new StdioServerTransport({ onStdinClose: 'close' }));
  let done!: (code: ExitCode) => void;
  const finished = new Promise<ExitCode>((resolve) => {
    done = resolve;
  });
  const relay = new Relay({
    host,
    upstream,
    label: label,
    log,
    onClose: (side, error) => {
      if (side === 'host') {
        void closeWithin(relay, CLOSE_GRACE_MS).then(() => {
          done(ExitCode.Ok);
        });
        return;
      }
      // The upstream is gone for good (an HTTP+SSE stream that ended): requests are answered with errors until the host leaves.
      log(`${label} closed the connection${error === undefined ? '' : `: ${error.message}`}`);
    },
  });
  await relay.start();
  log(`relaying stdio to ${label}`);
  const stop = (): void => {
    void closeWithin(relay, CLOSE_GRACE_MS).then(() => {
      done(ExitCode.Ok);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const code = await finished;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  // Keep-alive sockets or a stray timer must not keep a bridge whose host is gone alive.
  setTimeout(() => process.exit(code), CLOSE_GRACE_MS).unref();
  return code;
}

/** Closes the relay, giving up after `ms`. */
async function closeWithin(relay: Relay, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([relay.close(), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
