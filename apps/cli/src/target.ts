/**
 * What a client command connects to: a server process spoken to over stdio,
 * or a server at a URL. The command line (`targetOptions.ts`) and config
 * files (`config.ts`) both produce one.
 *
 * @module
 */

/** A server process spoken to over stdio. */
export interface StdioTarget {
  readonly kind: 'stdio';
  readonly command: string;
  readonly args: readonly string[];
  /** Variables set on top of the safe default environment. */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** Pass this process's whole environment (not only the safe default set). */
  readonly inheritEnv?: boolean;
  /** How to name it in messages. */
  readonly label: string;
}

/** A server at a URL. */
export interface HttpTarget {
  readonly kind: 'http';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** `auto`: Streamable HTTP, falling back to HTTP+SSE; `sse`: HTTP+SSE only. */
  readonly transport: 'auto' | 'sse';
  readonly label: string;
}

/** Where a client command connects. */
export type Target = StdioTarget | HttpTarget;

/** True for text that is an http(s) URL. */
export function isHttpUrl(text: string | undefined): text is string {
  return text !== undefined && /^https?:\/\//i.test(text);
}
