/**
 * A server to reach, as a config file, the command line, the inspector's
 * connect form or code describes it: a process spoken to over stdio, or a URL
 * (Streamable HTTP falling back to HTTP+SSE, or HTTP+SSE only). This is the
 * one description every part of mcpkit uses: `inferServer` makes one from
 * what a user types, `transportFor`/`nodeTransportFor` turn one into a
 * transport, `serverOAuth` gives one its OAuth client.
 *
 * @module
 */
import type { AssertionContext, SigningKey } from '../../auth/index.js';

/** What every server entry may say, besides how to reach the server. */
interface ServerCommon {
  /** The server's name: the key of its entry. */
  readonly name: string;
  /** Longest wait for one request (a tool call restarts it on progress), ms (default: the host's). */
  readonly timeoutMs?: number;
  /**
   * Tools to allow without asking (Cline's `alwaysAllow`/`autoApprove`). Read
   * only from the user's own config: a project's cannot pre-approve anything.
   */
  readonly allow?: readonly string[];
  /**
   * The user trusts this server's annotations (`trust: true`, Gemini CLI's
   * spelling): its `readOnlyHint` may count. Read only from the user's own config.
   */
  readonly trusted?: boolean;
  /** Only these tools reach the model (Gemini CLI's `includeTools`; absent: all). */
  readonly includeTools?: readonly string[];
  /** These tools never reach the model (Gemini CLI's `excludeTools`, Roo Code's `disabledTools`); beats `includeTools`. */
  readonly excludeTools?: readonly string[];
  /**
   * Values of `password: true` inputs this entry uses: never written to logs
   * or shown (they reach the server only).
   */
  readonly secrets?: readonly string[];
}

/** A server process spoken to over stdio. */
export interface StdioServerConfig extends ServerCommon {
  /** Discriminator. */
  readonly type: 'stdio';
  /** The executable. */
  readonly command: string;
  /** Its arguments. */
  readonly args: readonly string[];
  /** Variables set on top of the safe default environment (`envFile` first, `env` over it). */
  readonly env: Readonly<Record<string, string>>;
  /** The working directory (relative paths are resolved against the config file's directory). */
  readonly cwd?: string;
  /**
   * Give the process this whole environment instead of the safe default set
   * (`--inherit-env`). Set by the user on the command line or in code; never
   * read from a config file, which could hand a server every secret of the shell.
   */
  readonly inheritEnv?: boolean;
}

/**
 * How to authorize at a server that asks for OAuth, beyond what the client
 * finds by itself (discovery, dynamic registration). Set by the command line
 * (`--client-id`, `--client-key`, `--scope`, ...) or code; never read from a
 * config file.
 */
export interface ServerOAuthConfig {
  /** A client registered ahead (none: dynamic registration, or a client ID metadata document). */
  readonly clientId?: string;
  /** The secret of `clientId` (client_secret_basic/post). */
  readonly clientSecret?: string;
  /** The private key of `clientId`, for private_key_jwt (`importSigningKey` of `mcpkit/auth`). */
  readonly privateKey?: SigningKey;
  /** Use the client_credentials grant (a machine, no user): needs `clientId` with a secret or key. */
  readonly clientCredentials?: boolean;
  /**
   * Use the JWT-bearer grant (RFC 7523, no user) with this JWT: a workload
   * identity token, or a function that yields one when a token is needed
   * (read a rotated file; `enterpriseAssertion` of `mcpkit/auth` exchanges an
   * ID token for an ID-JAG). Not with `clientCredentials`.
   */
  readonly assertion?: string | ((context: AssertionContext) => string | Promise<string>);
  /** Ask for DPoP-bound tokens (RFC 9449): `true` for a key made for this process, or the key to prove with. */
  readonly dpop?: boolean | SigningKey;
  /** Scopes to ask for (none: what the server advertises). */
  readonly scopes?: readonly string[];
  /** A fixed port for the authorization callback listener (to forward from another machine); none: random. */
  readonly callbackPort?: number;
}

/** A server at a URL. */
export interface HttpServerConfig extends ServerCommon {
  /** `http`: Streamable HTTP (both eras), falling back to HTTP+SSE; `sse`: HTTP+SSE (2024-11-05) only. */
  readonly type: 'http' | 'sse';
  /** The endpoint. */
  readonly url: string;
  /** Headers for every request. An `Authorization` header here is sent as given, and no OAuth client is made. */
  readonly headers: Readonly<Record<string, string>>;
  /** How to authorize when the server asks (absent: discovery and dynamic registration only). */
  readonly oauth?: ServerOAuthConfig;
}

/** One server of a host. */
export type ServerConfig = StdioServerConfig | HttpServerConfig;

/** A VS Code `inputs` entry: a value asked of the user once, where `${input:id}` uses it. */
export interface ConfigInput {
  /** The id `${input:id}` names. */
  readonly id: string;
  /** `promptString` (free text) or `pickString` (one of `options`). */
  readonly type: 'promptString' | 'pickString';
  /** The question. */
  readonly description: string;
  /** Mask the answer while it is typed (API keys). */
  readonly password: boolean;
  /** The choices of a `pickString`. */
  readonly options?: readonly string[];
  /** The answer taken when the user gives none. */
  readonly default?: string;
}

/** Something in a config that was ignored rather than refused. */
export interface ConfigWarning {
  /** The file. */
  readonly file?: string | undefined;
  /** The server entry. */
  readonly server?: string | undefined;
  /** What was ignored, and why. */
  readonly message: string;
}

/**
 * Whose a config is: the user's own (named on the command line, Claude
 * Desktop's), which may grant (`alwaysAllow`, `trust`), or a project's (found in
 * the working directory, or lying in its folder), which never grants anything
 * and whose servers start only once the user trusted the file.
 */
export type ConfigScope = 'user' | 'project';

/** How the host keeps tool definitions out of the model's context when they are many. */
export interface ToolSearchOptions {
  /**
   * `auto` (default): above the threshold, the provider's own tool search
   * where it has one (Anthropic), else the host's `search_tools`; `host`:
   * above the threshold, always the host's; `off`: every definition every turn.
   */
  readonly mode?: 'auto' | 'host' | 'off';
  /** Estimated tokens of the enabled tools' definitions above which they are searched for (default 10 000; 0: always). */
  readonly threshold?: number;
  /** Tools one search returns at most (default 5). */
  readonly maxResults?: number;
  /** Anthropic's variant of its search: natural-language `bm25` (default) or `regex`. */
  readonly anthropicVariant?: 'bm25' | 'regex';
}

/** A config, read and resolved. */
export interface HostConfig {
  /** The file it came from, if any. */
  readonly file?: string | undefined;
  /** Whose it is (absent: a project's: nothing in it grants). */
  readonly scope?: ConfigScope;
  /** The servers of a project config the user did not trust: none of them is started. */
  readonly untrusted?: readonly string[];
  /** Its servers, in the order the file lists them (disabled ones left out). */
  readonly servers: readonly ServerConfig[];
  /** Unknown fields and other things ignored. */
  readonly warnings: readonly ConfigWarning[];
  /** How tool definitions are kept out of the model's context (the file's top-level `toolSearch`). */
  readonly toolSearch?: ToolSearchOptions;
}
