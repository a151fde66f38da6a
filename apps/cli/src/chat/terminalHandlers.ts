/**
 * The terminal's side of a chat: asking whether a tool call (or a server's
 * sampling request) may go ahead, showing server, tool and arguments; filling
 * elicitation forms; and typed answers for `${input:…}` config variables,
 * masked when they are secrets. Without a terminal, none of these exist and
 * the host declines (or follows `--approve`).
 *
 * @module
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import type { ElicitationHandlers } from 'mcpkit/client';
import type { ApprovalRequest, Approver, ConfigInput } from 'mcpkit/host';
import { printable } from 'mcpkit/host/config';
import { askForm, type Ask } from '../elicitForm.js';
import { annotationClause } from './annotationWords.js';

/** An approver that asks at the terminal; `always` answers are remembered for the session. */
export function terminalApprover(ask: Ask, write: (text: string) => void): Approver {
  const always = new Set<string>();
  return async (request: ApprovalRequest) => {
    const key = request.kind === 'tool' ? `tool:${request.server}/${request.tool}` : `sampling:${request.server}`;
    if (always.has(key)) return true;
    if (request.kind === 'tool') {
      const clause = annotationClause(request.annotations);
      write(
        `\nThe model wants to call ${printable(request.tool)} on ${request.server}${clause === '' ? '' : `; ${printable(clause)}`}. Arguments:\n${JSON.stringify(request.arguments, null, 2)}\n`,
      );
    } else
      write(
        `\nThe server ${request.server} asks the model (${request.model}) for a completion: "${printable(request.summary)}"\n`,
      );
    const answer = await ask('Allow? [y]es, [n]o, [a]lways for this session: ');
    const choice = answer?.trim().toLowerCase() ?? 'n';
    if (choice.startsWith('a')) always.add(key);
    return choice.startsWith('y') || choice.startsWith('a');
  };
}

/** Elicitation at the terminal: forms field by field; a URL shown, and consent asked. */
export function terminalElicitation(ask: Ask, write: (text: string) => void): ElicitationHandlers {
  return {
    form: (params) => askForm(params, ask, write),
    url: async (params) => {
      write(`\nThe server asks you to open a page: ${params.message}\n  ${params.url}\n`);
      const answer = await ask('Open it yourself and continue? [y/N] ');
      if (answer === undefined) return { action: 'cancel' };
      return { action: /^y/i.test(answer.trim()) ? 'accept' : 'decline' };
    },
  };
}

/** Asks one question without echoing the answer (an API key), where no other reader of stdin runs (`--once`). */
export function askSecret(question: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    let muted = false;
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (!muted) process.stderr.write(chunk);
        done();
      },
    });
    const rl = createInterface({ input: process.stdin, output, terminal: true });
    let answered = false;
    rl.question(question, (answer) => {
      answered = true;
      process.stderr.write('\n');
      rl.close();
      resolve(answer);
    });
    muted = true;
    rl.once('close', () => {
      if (!answered) resolve(undefined);
    });
  });
}

/** Answers `${input:id}` at the terminal (secrets through `secret`, never echoed; choices listed). */
export function terminalInput(ask: Ask, secret: Ask): (input: ConfigInput) => Promise<string | undefined> {
  return async (input) => {
    const suffix = input.default === undefined ? '' : ` [${input.default}]`;
    if (input.options !== undefined) {
      process.stderr.write(
        `${printable(input.description)}:\n${input.options.map((o, i) => `  ${String(i + 1)}) ${printable(o)}`).join('\n')}\n`,
      );
      const answer = (await ask(`choice${suffix}: `))?.trim();
      const index = answer !== undefined && /^\d+$/.test(answer) ? Number(answer) - 1 : -1;
      return input.options[index] ?? answer;
    }
    const question = `${printable(input.description)}${suffix === '' ? '' : printable(suffix)}: `;
    return input.password ? secret(question) : ask(question);
  };
}
