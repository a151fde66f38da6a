/**
 * How the CLI answers what a server asks of it. Elicitation is asked at the
 * terminal when there is one, and declined otherwise; sampling is always
 * declined (the CLI has no model); roots are the `--root` directories.
 *
 * @module
 */
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ClientHandlers } from 'mcpkit/client';
import { askForm } from './elicitForm.js';
import type { Io } from './io.js';
import { SamplingDeclined } from './samplingDeclined.js';

export { SamplingDeclined } from './samplingDeclined.js';

/** The handlers of a client command. */
export function cliHandlers(io: Io, roots: readonly string[]): ClientHandlers {
  const note = (text: string): void => {
    io.stderr(`mcpkit: ${text}\n`);
  };
  const ask = io.ask;
  return {
    elicitation: {
      form: (params) => {
        if (ask === undefined) {
          note(`the server asked for input ("${params.message}"); declined: stdin is not a terminal`);
          return { action: 'decline' };
        }
        return askForm(params, ask, (text) => {
          io.stderr(text);
        });
      },
      url: async (params) => {
        if (ask === undefined) {
          note(`the server asked you to open ${params.url} ("${params.message}"); declined: stdin is not a terminal`);
          return { action: 'decline' };
        }
        io.stderr(`\nThe server asks you to open a page: ${params.message}\n  ${params.url}\n`);
        const answer = await ask('Open it yourself and continue? [y/N] ');
        if (answer === undefined) return { action: 'cancel' };
        return { action: /^y/i.test(answer.trim()) ? 'accept' : 'decline' };
      },
    },
    sampling: {
      createMessage: () => {
        note('the server asked for an LLM completion (sampling); declined: the command line has no model');
        throw new SamplingDeclined();
      },
    },
    ...(roots.length > 0 && {
      roots: { list: () => roots.map((dir) => ({ uri: pathToFileURL(resolve(dir)).href, name: basename(resolve(dir)) })) },
    }),
  };
}
