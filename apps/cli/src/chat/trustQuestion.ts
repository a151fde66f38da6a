/**
 * The question `mcpkit chat` asks before a project's config may start its
 * servers (what would run, from which file, and whether it changed since it
 * was trusted), and what it says when nobody can be asked.
 *
 * @module
 */
import type { ProjectConfigReview, TrustAnswer } from 'mcpkit/host';
import { printable } from 'mcpkit/host/config';
import type { Ask } from '../elicitForm.js';

/** Asks at the terminal whether to trust a project's config. */
export function terminalTrust(ask: Ask, write: (text: string) => void): (review: ProjectConfigReview) => Promise<TrustAnswer> {
  return async (review) => {
    const where = review.realFile === review.file ? '' : ` (a link to ${printable(review.realFile)})`;
    write(
      `\n${review.changed ? "This folder's MCP config changed since you trusted it" : 'This folder has an MCP config'}: ${printable(review.file)}${where}\n` +
        `Trusting it runs, as you:\n${review.lines.map((l) => `  ${l}\n`).join('')}` +
        'Only trust a config you have read (a cloned repository is not yours).\n',
    );
    for (;;) {
      const answer = (await ask('Start these servers? [y]es and remember, [o]nly this time, [N]o: '))?.trim().toLowerCase();
      if (answer === undefined || answer === '' || answer.startsWith('n')) return 'no';
      if (answer.startsWith('y')) return 'always';
      if (answer.startsWith('o')) return 'once';
    }
  };
}

/** Why a project's servers did not start, naming the way to start them. */
export function untrustedNote(file: string | undefined, servers: readonly string[], interactive: boolean): string {
  const how = interactive
    ? 'you did not trust it'
    : 'it is not trusted and nobody can be asked; run mcpkit chat here at a terminal to review and trust it, or pass --trust-project';
  return `mcpkit: not starting ${servers.length === 1 ? 'server' : 'servers'} ${servers.join(', ')} of ${printable(file ?? 'the config')}: ${how}\n`;
}
